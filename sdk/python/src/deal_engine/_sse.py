"""Minimal Server-Sent Events reader (the subset /api/search emits).

Events are separated by a blank line, the ``data:`` lines of one event are joined with
"\\n", comments (":") and other fields are ignored. Chunks may split anywhere, even inside
a UTF-8 character or between "\\r" and "\\n", so text is buffered until a line is complete.
"""

import codecs
import re
from typing import AsyncIterable, AsyncIterator, Iterable, Iterator, List

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class SseDecoder:
    """Feed it byte chunks; it hands back the data of each complete event."""

    def __init__(self) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self._data: List[str] = []
        self._at_start = True

    def feed(self, chunk: bytes) -> List[str]:
        return self._consume(self._utf8.decode(chunk), final=False)

    def close(self) -> List[str]:
        """The end of the stream: an event without its closing blank line still counts."""
        events = self._consume(self._utf8.decode(b"", final=True), final=True)
        if self._data:
            events.append("\n".join(self._data))
            self._data = []
        return events

    def _consume(self, text: str, final: bool) -> List[str]:
        if self._at_start and text:
            self._at_start = False
            if text.startswith("\ufeff"):
                text = text[1:]
        buffered = self._pending + text
        cut = len(buffered) if final else _last_complete_line_end(buffered)
        complete, self._pending = buffered[:cut], buffered[cut:]
        if complete == "":
            return []
        lines = _LINE_BREAK.split(complete)
        if complete.endswith(("\n", "\r")):
            lines.pop()  # the empty string after the last line break
        events: List[str] = []
        for line in lines:
            if line == "":
                if self._data:
                    events.append("\n".join(self._data))
                self._data = []
            elif not line.startswith(":"):
                field, _, value = line.partition(":")
                if field == "data":
                    self._data.append(value[1:] if value.startswith(" ") else value)
        return events


def _last_complete_line_end(text: str) -> int:
    """Index just past the last line break that is certainly complete.

    A trailing "\\r" may be the first half of "\\r\\n", so it waits for more text.
    """
    newline = text.rfind("\n")
    carriage_return = text.rfind("\r", 0, len(text) - 1)
    return max(newline, carriage_return) + 1


def iter_sse_data(chunks: Iterable[bytes]) -> Iterator[str]:
    """The data of each event in a byte stream."""
    decoder = SseDecoder()
    for chunk in chunks:
        yield from decoder.feed(chunk)
    yield from decoder.close()


async def aiter_sse_data(chunks: AsyncIterable[bytes]) -> AsyncIterator[str]:
    """The data of each event in an async byte stream."""
    decoder = SseDecoder()
    async for chunk in chunks:
        for data in decoder.feed(chunk):
            yield data
    for data in decoder.close():
        yield data
