"""Stream methods yield typed events from the SSE body, sync and async, and stop cleanly."""

import asyncio
from typing import AsyncIterator, List

import httpx
from helpers import BASE_URL, AsyncMiniClient, MiniClient, Recorder

from mini_generated.models import EventsStreamEvent

BODY = b'data: {"type":"tick","data":{"n":1}}\r\n\r\n: keep-alive\r\n\r\ndata: {"type":"tick",\r\ndata: "data":{"n":2}}\r\n\r\ndata: {"type":"done","data":{"count":2}}\r\n\r\n'


PIECES = [BODY[i : i + 7] for i in range(0, len(BODY), 7)]
SSE_HEADERS = {"content-type": "text/event-stream"}


def sse_answer(request: httpx.Request) -> httpx.Response:
    if request.url.path != "/api/events":
        return httpx.Response(200, json={"ok": True})
    # A generator body arrives in small pieces, like a real stream.
    return httpx.Response(200, content=iter(PIECES), headers=SSE_HEADERS)


def async_sse_answer(_request: httpx.Request) -> httpx.Response:
    async def pieces() -> AsyncIterator[bytes]:
        for piece in PIECES:
            yield piece

    return httpx.Response(200, content=pieces(), headers=SSE_HEADERS)


def test_sync_stream_yields_each_event() -> None:
    recorder = Recorder(sse_answer)
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        events: List[EventsStreamEvent] = list(client.events_stream(topic="t"))
    assert [e["type"] for e in events] == ["tick", "tick", "done"]
    assert events[1]["data"] == {"n": 2}
    assert recorder.json_of() == {"topic": "t"}


def test_leaving_the_loop_early_is_fine() -> None:
    recorder = Recorder(sse_answer)
    with MiniClient(BASE_URL, transport=recorder.transport()) as client:
        for event in client.events_stream(topic="t"):
            assert event["type"] == "tick"
            break
        assert client.items_get("still-usable") == {"ok": True}


def test_async_stream_yields_each_event() -> None:
    recorder = Recorder(async_sse_answer)

    async def run() -> List[EventsStreamEvent]:
        async with AsyncMiniClient(BASE_URL, transport=recorder.transport()) as client:
            return [event async for event in client.events_stream(topic="t")]

    events = asyncio.run(run())
    assert [e["type"] for e in events] == ["tick", "tick", "done"]
