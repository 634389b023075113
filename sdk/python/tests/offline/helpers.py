"""A recording httpx.MockTransport and clients over the mini fixture API (tests/mini_generated,
generated from tests/fixtures/mini-openapi.json: two money routes and a keyword field)."""

import json
from typing import Any, Callable, List, Optional

import httpx
from mini_generated.operations import _AsyncOperations, _Operations

BASE_URL = "http://sdk.test/"


class MiniClient(_Operations):
    pass


class AsyncMiniClient(_AsyncOperations):
    pass


class Recorder:
    """Answers every request with `respond` (JSON 200 by default) and keeps the requests."""

    def __init__(self, respond: Optional[Callable[[httpx.Request], httpx.Response]] = None) -> None:
        self.requests: List[httpx.Request] = []
        self._respond = respond or (lambda _request: httpx.Response(200, json={"ok": True}))

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        return self._respond(request)

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)

    @property
    def last(self) -> httpx.Request:
        return self.requests[-1]

    def json_of(self, index: int = -1) -> Any:
        return json.loads(self.requests[index].content)
