"""A points call and a trip flow against the live server."""

from deal_engine import Client


def test_points_optimize_ranks_the_best_value_first(client: Client) -> None:
    answer = client.points_optimize(
        cashPrice=1200,
        pointsOptions=[
            {"program": "united", "pointsRequired": 120_000, "taxes": 50},
            {"program": "aeroplan", "pointsRequired": 60_000, "taxes": 80},
        ],
    )
    ranked = answer["ranked"]
    assert [r["program"] for r in ranked] == ["aeroplan", "united"]
    assert ranked[0]["cpp"] > ranked[1]["cpp"]


def test_trip_flow_create_add_an_expense_read_the_balances(client: Client) -> None:
    trip = client.trips_create(name="Python SDK trip", destination="Lisbon", currency="EUR")
    assert trip["id"].startswith("trp_")
    me = trip["you"]["member_id"]
    expense = client.trips_add_expense(
        trip["id"], paid_by=me, description="Dinner", amount=84.5, currency="EUR", category="food"
    )
    assert expense["trip_amount"] == 84.5
    summary = client.trips_expense_summary(trip["id"])
    assert summary["trip_id"] == trip["id"]
    assert summary["expense_count"] == 1
    assert summary["total"] == 84.5
    # The only member paid everything and owes everything: balance zero.
    mine = [m for m in summary["members"] if m["member_id"] == me]
    assert len(mine) == 1, summary["members"]
    assert (mine[0]["paid"], mine[0]["owed"], mine[0]["balance"]) == (84.5, 84.5, 0)
