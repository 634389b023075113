"""Errors from the live server surface as DealEngineError."""

import pytest
from live_dates import future_date

from deal_engine import Client, DealEngineError


def test_a_422_carries_the_detail_list(client: Client) -> None:
    with pytest.raises(DealEngineError) as caught:
        # Deliberately invalid: the server, not the type checker, must reject it.
        client.points_optimize(cashPrice=-5, pointsOptions=[])
    err = caught.value
    assert err.status == 422
    fields = [".".join(str(part) for part in issue["loc"]) for issue in err.detail]
    assert "body.cashPrice" in fields and "body.pointsOptions" in fields, fields
    assert all(issue["msg"] and issue["type"] for issue in err.detail)


def test_a_bad_search_fails_before_any_event(client: Client) -> None:
    with pytest.raises(DealEngineError) as caught:
        for event in client.search_flights(origin="J", destination="LHR", departure_date=future_date()):
            pytest.fail(f"unexpected event {event['type']}")
    assert caught.value.status == 422 and caught.value.detail


def test_an_unknown_trip_is_a_404_with_the_service_code(client: Client) -> None:
    with pytest.raises(DealEngineError) as caught:
        client.trips_get("trp_does_not_exist")
    assert (caught.value.status, caught.value.code) == (404, "NOT_FOUND")
