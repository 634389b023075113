"""FlightBoard on hand-made search events (no server): slices joined by id, updates applied."""

from typing import Any, Dict, List

import pytest

from deal_engine import FlightBoard


def make_slice(origin: str, destination: str, flight: str, day: str) -> Dict[str, Any]:
    times = {"departing_at": f"{day}T09:00:00", "arriving_at": f"{day}T21:00:00", "duration_minutes": 420}
    segment = {"flight": flight, "carrier": flight[:2], "operating_carrier": None, "origin": origin, "destination": destination, **times, "aircraft": None}
    return {"origin": origin, "destination": destination, **times, "stops": 0, "segments": [segment]}


OUT = make_slice("JFK", "LHR", "BA117", "2027-03-14")
BACK_A = make_slice("LHR", "JFK", "BA112", "2027-03-21")
BACK_B = make_slice("LHR", "JFK", "BA114", "2027-03-22")


def result(flight_id: str, price: float, slice_ids: List[str]) -> Dict[str, Any]:
    return {
        "id": flight_id, "price": price, "currency": "USD", "fx_rate": None, "checkout_total": {"amount": price, "currency": "USD"},
        "carrier": "BA", "route": "JFK-LHR-JFK", "origin": "JFK", "destination": "LHR", "departing_at": OUT["departing_at"],
        "arriving_at": BACK_A["arriving_at"], "duration_minutes": 840, "stops": 0, "cabin": "economy", "fare_brand": None,
        "bookable": True, "offer_id": f"duffel:off_{flight_id}", "expires_at": None, "slice_ids": slice_ids,
        "dates": ["2027-03-14", "2027-03-21"], "bags": None, "prices": [], "awards": [], "sources": ["duffel"], "data_age_s": 0,
    }


EVENTS: List[Dict[str, Any]] = [
    {"type": "slice", "data": {"id": "sl_out", **OUT}},
    {"type": "slice", "data": {"id": "sl_a", **BACK_A}},
    {"type": "result", "data": result("fl_1", 900, ["sl_out", "sl_a"])},
    {"type": "progress", "data": {"provider": "duffel", "status": "ok", "reason": None, "count": 2, "elapsed_ms": 5, "mode": "simulator", "cached": False}},
    {"type": "slice", "data": {"id": "sl_b", **BACK_B}},
    # Shares the outbound with fl_1: named by the same id, not sent again.
    {"type": "result", "data": result("fl_2", 800, ["sl_out", "sl_b"])},
    {"type": "update", "data": {"id": "fl_1", "price": 850, "sources": ["duffel", "serpapi"]}},
]


def test_results_are_joined_with_their_slices_and_updates_applied() -> None:
    board = FlightBoard()
    returned = [board.apply(event) for event in EVENTS]
    assert [f and f["id"] for f in returned] == [None, None, "fl_1", None, None, "fl_2", "fl_1"]

    first, second = board.flights()
    assert [first["id"], second["id"]] == ["fl_1", "fl_2"]
    assert first["slices"] == [OUT, BACK_A]
    assert second["slices"] == [OUT, BACK_B]
    assert "slice_ids" not in first
    # Fields stay where a FlightResult has them, slices between expires_at and dates.
    keys = list(second)
    assert keys.index("slices") == keys.index("expires_at") + 1

    # The update replaced what it carried and left the rest.
    assert first["price"] == 850
    assert first["sources"] == ["duffel", "serpapi"]
    assert first["offer_id"] == "duffel:off_fl_1"
    assert returned[6] == first
    # An update makes a new dict: the one the result event returned keeps its old price.
    assert returned[2] is not None and returned[2]["price"] == 900


def test_a_repeated_slice_is_harmless_and_other_events_give_none() -> None:
    board = FlightBoard()
    for event in EVENTS[:3]:
        board.apply(event)
    assert board.apply({"type": "slice", "data": {"id": "sl_out", **OUT}}) is None
    assert board.apply({"type": "error", "data": {"code": "UNAVAILABLE", "detail": "shutting down"}}) is None
    assert board.flights()[0]["slices"] == [OUT, BACK_A]


def test_a_missing_slice_or_an_unknown_flight_raises() -> None:
    board = FlightBoard()
    board.apply(EVENTS[0])
    with pytest.raises(ValueError, match="fl_9 names slice sl_missing"):
        board.apply({"type": "result", "data": result("fl_9", 700, ["sl_out", "sl_missing"])})
    with pytest.raises(ValueError, match="update for flight fl_9"):
        board.apply({"type": "update", "data": {"id": "fl_9", "price": 1}})
    assert board.flights() == []
