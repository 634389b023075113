"""What goes on the wire: auth, Idempotency-Key on money routes only, keyword-field
renaming, left-out optional fields, query and path encoding."""

import asyncio
import re

import httpx
import pytest
from helpers import BASE_URL, AsyncMiniClient, MiniClient, Recorder

from deal_engine import Client

UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def test_api_key_is_a_bearer_header_and_the_base_url_is_joined() -> None:
    recorder = Recorder()
    with MiniClient(BASE_URL, api_key="de_live_x", transport=recorder.transport()) as client:
        client.items_get("itm_1")
    assert str(recorder.last.url) == "http://sdk.test/api/items/itm_1"
    assert recorder.last.headers["authorization"] == "Bearer de_live_x"
    assert recorder.last.headers["accept"] == "application/json"


def test_a_token_callable_is_asked_before_every_request() -> None:
    recorder = Recorder()
    tokens = iter(["tok1", "tok2"])
    with MiniClient(BASE_URL, api_key="ignored", token=lambda: next(tokens), transport=recorder.transport()) as client:
        client.items_get("a")
        client.items_get("b")
    assert [r.headers["authorization"] for r in recorder.requests] == ["Bearer tok1", "Bearer tok2"]


def test_an_async_client_accepts_a_sync_or_an_async_token() -> None:
    recorder = Recorder()

    async def fresh_token() -> str:
        return "async-tok"

    async def run() -> None:
        async with AsyncMiniClient(BASE_URL, token=fresh_token, transport=recorder.transport()) as client:
            await client.items_get("a")
        async with AsyncMiniClient(BASE_URL, token=lambda: "sync-tok", transport=recorder.transport()) as client:
            await client.items_get("b")

    asyncio.run(run())
    assert [r.headers["authorization"] for r in recorder.requests] == ["Bearer async-tok", "Bearer sync-tok"]


def test_no_credentials_sends_no_authorization_and_a_caller_header_is_kept() -> None:
    recorder = Recorder()
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        client.items_get("a")
    with MiniClient(BASE_URL, api_key="k", headers={"Authorization": "Basic abc", "X-Team": "t1"}, transport=recorder.transport()) as client:
        client.items_get("b")
    assert "authorization" not in recorder.requests[0].headers
    assert recorder.requests[1].headers["authorization"] == "Basic abc"
    assert recorder.requests[1].headers["x-team"] == "t1"


def test_money_routes_get_a_fresh_idempotency_key_and_a_given_one_is_kept() -> None:
    recorder = Recorder()
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        client.orders_create(from_="LIS", amount=10)
        client.orders_create(from_="LIS", amount=10)
        client.orders_create(from_="LIS", amount=10, idempotency_key="mine")
        client.orders_cancel("ord_1")
        client.items_get("itm_1")
        client.notes_put(text="hi")
    keys = [r.headers.get("idempotency-key") for r in recorder.requests]
    assert UUID4.match(keys[0] or ""), keys[0]
    assert UUID4.match(keys[3] or ""), keys[3]
    assert keys[0] != keys[1]
    assert keys[2] == "mine"
    assert keys[4] is None and keys[5] is None


def test_the_async_client_adds_idempotency_keys_too() -> None:
    recorder = Recorder()

    async def run() -> None:
        async with AsyncMiniClient(BASE_URL, transport=recorder.transport()) as client:
            await client.orders_create(from_="LIS", amount=1)
            await client.orders_create(from_="LIS", amount=1, idempotency_key="retry-1")
            await client.items_get("x")

    asyncio.run(run())
    keys = [r.headers.get("idempotency-key") for r in recorder.requests]
    assert UUID4.match(keys[0] or "") and keys[1] == "retry-1" and keys[2] is None


def test_keyword_fields_take_a_trailing_underscore_and_keep_their_wire_name() -> None:
    recorder = Recorder()
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        client.orders_create(from_="LIS", amount=12.5, note=None, lines=[{"sku": "A", "qty": 2}])
        client.items_get("itm 1/2", class_="a", limit=5)
    assert recorder.json_of(0) == {"from": "LIS", "amount": 12.5, "note": None, "lines": [{"sku": "A", "qty": 2}]}
    query = recorder.requests[1].url
    assert query.raw_path == b"/api/items/itm%201%2F2?class=a&limit=5"


def test_optional_fields_left_out_are_not_sent() -> None:
    recorder = Recorder()
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        client.orders_create(from_="LIS", amount=3)
        client.items_get("itm_1")
        client.notes_put()
        client.notes_put(pinned=False)
    assert recorder.json_of(0) == {"from": "LIS", "amount": 3}
    assert recorder.requests[1].url.query == b""
    # An optional body with nothing in it is not sent at all.
    assert recorder.requests[2].content == b"" and "content-type" not in recorder.requests[2].headers
    assert recorder.json_of(3) == {"pinned": False}


def test_a_204_answer_is_none() -> None:
    recorder = Recorder(lambda _r: httpx.Response(204))
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        assert client.items_delete("itm_1") is None
    assert recorder.last.method == "DELETE"


def test_the_decoded_json_is_returned() -> None:
    answer = {"order_id": "ord_1", "status": "paid", "from": "LIS", "x-trace": "t"}
    recorder = Recorder(lambda _r: httpx.Response(200, json=answer))
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        order = client.orders_create(from_="LIS", amount=3)
    assert order == answer and order["from"] == "LIS"


def test_a_caller_http_client_is_used_and_not_closed() -> None:
    recorder = Recorder()
    http = httpx.Client(transport=recorder.transport())
    with MiniClient(BASE_URL, http_client=http) as client:
        client.items_get("a")
    assert not http.is_closed
    http.close()
    with pytest.raises(ValueError):
        MiniClient(BASE_URL, http_client=httpx.Client(), transport=recorder.transport())


def test_the_real_client_sends_search_flights_as_an_sse_post() -> None:
    stream = b'data: {"type":"progress","data":{}}\n\ndata: {"type":"complete","data":{}}\n\n'
    recorder = Recorder(lambda _r: httpx.Response(200, content=stream, headers={"content-type": "text/event-stream"}))
    with Client(BASE_URL, api_key="k", transport=recorder.transport()) as client:
        events = list(client.search_flights(origin="JFK", destination="LHR", departure_date="2030-01-01", max_stops=0))
    assert [e["type"] for e in events] == ["progress", "complete"]
    assert str(recorder.last.url) == "http://sdk.test/api/search"
    assert recorder.last.headers["accept"] == "text/event-stream"
    assert recorder.json_of() == {"origin": "JFK", "destination": "LHR", "departure_date": "2030-01-01", "max_stops": 0}
