"""The flight-search stream against the live server, sync and async."""

import asyncio
from typing import List, Tuple

from live_dates import future_date

from deal_engine import AsyncClient, Client, FlightBoard
from deal_engine.models import FlightsSearchEvent


def check_stream(events: List[FlightsSearchEvent]) -> None:
    types = [e["type"] for e in events]
    assert "result" in types, f"no result event in {sorted(set(types))}"
    assert "progress" in types, "no progress event"
    assert types[-1] == "complete", f"the stream ended with {types[-1]}"
    # A flight is sent whole once (result); a later provider's price for it comes as an
    # update carrying only what changed, sources included when they grew.
    sources = set()
    for event in events:
        if event["type"] == "result":
            assert event["data"]["route"].startswith("JFK-") and "LHR" in event["data"]["route"]
        if event["type"] in ("result", "update"):
            sources.update(event["data"].get("sources", []))
    assert len(sources) >= 2, f"results from one provider only: {sources}"
    complete = events[-1]
    assert complete["type"] == "complete" and complete["data"]["count"] > 0
    # Folded, every flight the summary counts is whole: its slices joined from slice events.
    board = FlightBoard()
    for event in events:
        board.apply(event)
    flights = board.flights()
    assert len(flights) == complete["data"]["count"]
    for flight in flights:
        assert flight["slices"] and all(s["segments"] for s in flight["slices"]), f"{flight['id']} has no slices"
        assert flight["slices"][0]["origin"] == flight["origin"]


def test_sync_search_streams_results_from_several_providers_then_complete(client: Client) -> None:
    check_stream(list(client.search_flights(origin="JFK", destination="LHR", departure_date=future_date())))


def test_async_search_streams_the_same_way(live_env: Tuple[str, str]) -> None:
    url, api_key = live_env

    async def run() -> List[FlightsSearchEvent]:
        async with AsyncClient(url, api_key=api_key) as client:
            return [ev async for ev in client.search_flights(origin="JFK", destination="LHR", departure_date=future_date(46))]

    check_stream(asyncio.run(run()))


def test_leaving_the_stream_early_leaves_the_client_usable(client: Client) -> None:
    seen = 0
    for event in client.flights_search(origin="JFK", destination="CDG", departure_date=future_date(50)):
        assert event["type"]
        seen += 1
        if seen == 2:
            break
    assert seen == 2
    assert client.health_check()["status"] == "ok"
