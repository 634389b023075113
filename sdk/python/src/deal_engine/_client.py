"""The public clients: the generated operation methods over the sync or async transport,
plus ``search_flights``, the friendly name the TypeScript SDK also uses for the search stream."""

from ._generated.operations import _AsyncOperations, _Operations


class Client(_Operations):
    """Blocking client for the Deal Engine API: one method per operation.

    ``Client(base_url, *, api_key=None, token=None, headers=None, timeout=60.0,
    http_client=None, transport=None)``

    Args:
        base_url: Server root, e.g. ``https://api.example.com`` (no trailing /api).
        api_key: Sent as ``Authorization: Bearer <key>``.
        token: A function called before each request for a fresh bearer token
            (JWT / OAuth); wins over ``api_key``.
        headers: Extra headers sent on every request. An ``Authorization`` header
            given here is kept as it is.
        timeout: Seconds allowed for each connect / read / write.
        http_client: Your own ``httpx.Client`` (proxies, retries, ...); the client
            does not close it.
        transport: An httpx transport for the client's own ``httpx.Client``
            (``httpx.MockTransport`` in tests).

    Use it as a context manager, or call ``close()`` when done.
    """

    search_flights = _Operations.flights_search


class AsyncClient(_AsyncOperations):
    """Asyncio client for the Deal Engine API: one coroutine per operation.

    Takes the same options as ``Client``; ``token`` may also be a coroutine
    function, ``http_client`` an ``httpx.AsyncClient`` and ``transport`` an async
    httpx transport. The search stream is an async iterator::

        async with AsyncClient(url, api_key=key) as client:
            async for event in client.search_flights(origin="JFK", destination="LHR", departure_date=day):
                ...

    Use it as an async context manager, or await ``aclose()`` when done.
    """

    search_flights = _AsyncOperations.flights_search
