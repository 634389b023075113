"""Non-2xx answers become DealEngineError, whatever their body."""

import asyncio
import pickle

import httpx
import pytest
from helpers import BASE_URL, AsyncMiniClient, MiniClient, Recorder

from deal_engine import DealEngineError

VALIDATION = {
    "detail": [
        {"loc": ["body", "amount"], "msg": "Input should be greater than 0", "type": "greater_than"},
        {"loc": ["body", "from"], "msg": "Field required", "type": "missing"},
    ]
}


def failing(status: int, **kwargs: object) -> MiniClient:
    recorder = Recorder(lambda _r: httpx.Response(status, **kwargs))  # type: ignore[arg-type]
    return MiniClient(BASE_URL, transport=recorder.transport())


def test_a_422_carries_the_detail_list() -> None:
    with failing(422, json=VALIDATION) as client, pytest.raises(DealEngineError) as caught:
        client.orders_create(from_="", amount=-1)
    err = caught.value
    assert err.status == 422 and err.code == "VALIDATION_ERROR"
    assert [".".join(map(str, d["loc"])) for d in err.detail] == ["body.amount", "body.from"]
    assert err.message == "body.amount: Input should be greater than 0; body.from: Field required"
    assert str(err).startswith("422 VALIDATION_ERROR: body.amount")
    assert err.body == VALIDATION


def test_a_service_error_keeps_code_hint_and_body() -> None:
    body = {"detail": "No such item", "code": "NOT_FOUND", "hint": "List items first"}
    with failing(404, json=body) as client, pytest.raises(DealEngineError) as caught:
        client.items_get("nope")
    err = caught.value
    assert (err.status, err.code, err.message, err.hint, err.detail) == (404, "NOT_FOUND", "No such item", "List items first", [])


def test_a_non_json_error_body_is_kept_as_text() -> None:
    html = "<html><body>502 Bad Gateway</body></html>"
    with failing(502, text=html, headers={"content-type": "text/html"}) as client, pytest.raises(DealEngineError) as caught:
        client.items_get("x")
    err = caught.value
    assert (err.status, err.code, err.body, err.detail, err.hint) == (502, "HTTP_502", html, [], None)
    assert "502 Bad Gateway" in err.message


def test_an_empty_error_body() -> None:
    with failing(503) as client, pytest.raises(DealEngineError) as caught:
        client.items_get("x")
    assert (caught.value.code, caught.value.body, caught.value.message) == ("HTTP_503", None, "request failed")


def test_a_stream_that_is_refused_raises_before_any_event() -> None:
    with failing(422, json=VALIDATION) as client, pytest.raises(DealEngineError) as caught:
        for _event in client.events_stream(topic="x"):
            pytest.fail("no event expected")
    assert caught.value.status == 422 and len(caught.value.detail) == 2


def test_async_errors_and_refused_streams() -> None:
    recorder = Recorder(lambda _r: httpx.Response(422, json=VALIDATION))

    async def run() -> None:
        async with AsyncMiniClient(BASE_URL, transport=recorder.transport()) as client:
            with pytest.raises(DealEngineError) as caught:
                await client.orders_create(from_="", amount=-1)
            assert caught.value.detail[1]["loc"] == ["body", "from"]
            with pytest.raises(DealEngineError):
                async for _event in client.events_stream(topic="x"):
                    pytest.fail("no event expected")

    asyncio.run(run())


def test_the_error_survives_pickling() -> None:
    err = DealEngineError(422, VALIDATION)
    again = pickle.loads(pickle.dumps(err))
    assert (again.status, again.detail, str(again)) == (422, err.detail, str(err))
