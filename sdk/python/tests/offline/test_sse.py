"""The SSE reader on every possible chunk split, CRLF/LF/CR, multi-line data and comments."""

import asyncio
from typing import AsyncIterator, List

from deal_engine._sse import aiter_sse_data, iter_sse_data

STREAM = ': comment\r\ndata: {"a":"é"}\r\n\r\nevent: x\ndata: line1\ndata: line2\n\ndata:{"b":2}\r\rdata\n\n'
EXPECTED = ['{"a":"é"}', "line1\nline2", '{"b":2}', ""]


def test_every_two_chunk_split_gives_the_same_events() -> None:
    raw = STREAM.encode("utf-8")
    for cut in range(len(raw) + 1):
        assert list(iter_sse_data([raw[:cut], raw[cut:]])) == EXPECTED, f"split at byte {cut}"


def test_one_byte_chunks() -> None:
    raw = STREAM.encode("utf-8")
    assert list(iter_sse_data([raw[i : i + 1] for i in range(len(raw))])) == EXPECTED


def test_every_three_chunk_split() -> None:
    raw = STREAM.encode("utf-8")
    for first in range(len(raw)):
        for second in range(first, len(raw)):
            chunks = [raw[:first], raw[first:second], raw[second:]]
            assert list(iter_sse_data(chunks)) == EXPECTED, f"split at {first}, {second}"


def test_last_event_without_blank_line_and_bom() -> None:
    assert list(iter_sse_data([b"\xef\xbb\xbfdata: first\n\n", b"data: last-without-blank-line"])) == [
        "first",
        "last-without-blank-line",
    ]


def test_comments_and_other_fields_alone_make_no_event() -> None:
    assert list(iter_sse_data([b": keep-alive\n\nevent: ping\nid: 3\nretry: 10\n\n"])) == []


def test_async_reader_on_every_split() -> None:
    raw = STREAM.encode("utf-8")

    async def chunks(parts: List[bytes]) -> AsyncIterator[bytes]:
        for part in parts:
            yield part

    async def collect(parts: List[bytes]) -> List[str]:
        return [data async for data in aiter_sse_data(chunks(parts))]

    async def run() -> None:
        for cut in range(len(raw) + 1):
            assert await collect([raw[:cut], raw[cut:]]) == EXPECTED, f"split at byte {cut}"

    asyncio.run(run())
