"""The HTTP layer under the generated operation methods: URL building, auth, the
automatic Idempotency-Key on money routes, JSON decoding, errors, and the SSE stream.

SyncTransport and AsyncTransport share everything but the I/O, which lives in _Core.
"""

import inspect
import json
import re
import uuid
from types import TracebackType
from typing import (
    Any,
    AsyncIterator,
    Awaitable,
    Callable,
    Dict,
    Iterator,
    Mapping,
    Optional,
    Type,
    TypeVar,
    Union,
)
from urllib.parse import quote

import httpx

from ._sse import aiter_sse_data, iter_sse_data
from ._types import NotGiven
from .errors import DealEngineError

DEFAULT_TIMEOUT = 60.0
_PATH_PARAMETER = re.compile(r"\{([^}]+)\}")

_SyncSelf = TypeVar("_SyncSelf", bound="SyncTransport")
_AsyncSelf = TypeVar("_AsyncSelf", bound="AsyncTransport")


class _Core:
    """Options shared by both transports and the request/answer handling that needs no I/O."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str],
        headers: Optional[Mapping[str, str]],
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.headers = dict(headers or {})
        # A caller that sets Authorization itself keeps it (as in the TypeScript SDK).
        self.fixed_authorization = any(k.lower() == "authorization" for k in self.headers)

    def build(
        self,
        http: Union[httpx.Client, httpx.AsyncClient],
        secret: Optional[str],
        method: str,
        path: str,
        path_params: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Optional[Mapping[str, Any]],
        body_optional: bool,
        idempotent: bool,
        idempotency_key: Optional[str],
        accept: str,
    ) -> httpx.Request:
        headers: Dict[str, str] = {**self.headers, "Accept": accept}
        if secret and not self.fixed_authorization:
            headers["Authorization"] = f"Bearer {secret}"
        if idempotent:
            # A fresh key per call; the caller passes its own to retry the same payment safely.
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        params = {k: v for k, v in query.items() if not isinstance(v, NotGiven) and v is not None}
        json_body: Optional[Dict[str, Any]] = None
        if body is not None:
            json_body = {k: v for k, v in body.items() if not isinstance(v, NotGiven)}
            if body_optional and not json_body:
                json_body = None
        return http.build_request(
            method,
            self.base_url + _fill_path(path, path_params),
            params=params or None,
            json=json_body,
            headers=headers,
        )


def _fill_path(template: str, values: Mapping[str, Any]) -> str:
    def substitute(match: "re.Match[str]") -> str:
        return quote(str(values[match.group(1)]), safe="")

    return _PATH_PARAMETER.sub(substitute, template)


def _is_success(response: httpx.Response) -> bool:
    return 200 <= response.status_code < 300


def _decode(response: httpx.Response) -> Any:
    """The JSON of a read answer; None for an empty one (204); DealEngineError for non-2xx."""
    if not _is_success(response):
        raise DealEngineError.from_content(response.status_code, response.content)
    if response.status_code == 204 or response.content.strip() == b"":
        return None
    try:
        return json.loads(response.content)
    except ValueError:
        raise DealEngineError(response.status_code, response.text) from None


class SyncTransport:
    """Blocking transport over an ``httpx.Client``."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: Optional[str] = None,
        token: Optional[Callable[[], str]] = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        http_client: Optional[httpx.Client] = None,
        transport: Optional[httpx.BaseTransport] = None,
    ) -> None:
        """See deal_engine.Client for the options."""
        if http_client is not None and transport is not None:
            raise ValueError("pass either http_client or transport, not both")
        self._core = _Core(base_url, api_key, headers)
        self._token = token
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(transport=transport, timeout=timeout)

    def _secret(self) -> Optional[str]:
        return self._token() if self._token is not None else self._core.api_key

    def _request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, Any] = {},
        query: Mapping[str, Any] = {},
        body: Optional[Mapping[str, Any]] = None,
        body_optional: bool = False,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        request = self._core.build(
            self._http, self._secret(), method, path, path_params, query,
            body, body_optional, idempotent, idempotency_key, "application/json",
        )
        return _decode(self._http.send(request))

    def _stream(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, Any] = {},
        query: Mapping[str, Any] = {},
        body: Optional[Mapping[str, Any]] = None,
        body_optional: bool = False,
    ) -> Iterator[Any]:
        """Each SSE event's JSON. The request is sent when iteration starts; leaving the
        loop early closes the connection."""
        request = self._core.build(
            self._http, self._secret(), method, path, path_params, query,
            body, body_optional, False, None, "text/event-stream",
        )
        response = self._http.send(request, stream=True)
        try:
            if not _is_success(response):
                raise DealEngineError.from_content(response.status_code, response.read())
            for data in iter_sse_data(response.iter_bytes()):
                yield json.loads(data)
        finally:
            response.close()

    def close(self) -> None:
        """Closes the connection pool (not a caller-supplied ``http_client``)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self: _SyncSelf) -> _SyncSelf:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()


class AsyncTransport:
    """Asyncio transport over an ``httpx.AsyncClient``."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: Optional[str] = None,
        token: Optional[Callable[[], Union[str, Awaitable[str]]]] = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        http_client: Optional[httpx.AsyncClient] = None,
        transport: Optional[httpx.AsyncBaseTransport] = None,
    ) -> None:
        """See deal_engine.AsyncClient for the options."""
        if http_client is not None and transport is not None:
            raise ValueError("pass either http_client or transport, not both")
        self._core = _Core(base_url, api_key, headers)
        self._token = token
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(transport=transport, timeout=timeout)

    async def _secret(self) -> Optional[str]:
        if self._token is None:
            return self._core.api_key
        secret = self._token()
        if inspect.isawaitable(secret):
            return await secret
        return secret

    async def _request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, Any] = {},
        query: Mapping[str, Any] = {},
        body: Optional[Mapping[str, Any]] = None,
        body_optional: bool = False,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        request = self._core.build(
            self._http, await self._secret(), method, path, path_params, query,
            body, body_optional, idempotent, idempotency_key, "application/json",
        )
        return _decode(await self._http.send(request))

    async def _stream(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, Any] = {},
        query: Mapping[str, Any] = {},
        body: Optional[Mapping[str, Any]] = None,
        body_optional: bool = False,
    ) -> AsyncIterator[Any]:
        """Each SSE event's JSON, as an async iterator (see SyncTransport._stream)."""
        request = self._core.build(
            self._http, await self._secret(), method, path, path_params, query,
            body, body_optional, False, None, "text/event-stream",
        )
        response = await self._http.send(request, stream=True)
        try:
            if not _is_success(response):
                raise DealEngineError.from_content(response.status_code, await response.aread())
            async for data in aiter_sse_data(response.aiter_bytes()):
                yield json.loads(data)
        finally:
            await response.aclose()

    async def aclose(self) -> None:
        """Closes the connection pool (not a caller-supplied ``http_client``)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self: _AsyncSelf) -> _AsyncSelf:
        return self

    async def __aexit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        await self.aclose()
