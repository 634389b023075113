"""The generated client matches openapi.json: money routes, skipped MCP routes, names."""

import inspect
import json
from pathlib import Path

from helpers import BASE_URL, Recorder

from deal_engine import AsyncClient, Client
from deal_engine._generated.operations import IDEMPOTENT_OPERATIONS

SPEC = json.loads((Path(__file__).resolve().parents[4] / "openapi.json").read_text("utf-8"))


def spec_operations():
    for item in SPEC["paths"].values():
        for method, op in item.items():
            if method in ("get", "put", "post", "delete", "patch"):
                yield op


def test_money_routes_are_the_operations_with_an_idempotency_key_header() -> None:
    expected = {
        op["operationId"]
        for op in spec_operations()
        if any(p.get("in") == "header" and p.get("name", "").lower() == "idempotency-key" for p in op.get("parameters", []))
    }
    assert IDEMPOTENT_OPERATIONS == expected
    for name in expected:
        assert "idempotency_key" in inspect.signature(getattr(Client, name)).parameters, name


def test_every_operation_but_mcp_is_a_method_on_both_clients() -> None:
    names = {op["operationId"] for op in spec_operations()}
    for name in names:
        present = hasattr(Client, name) and hasattr(AsyncClient, name)
        assert present != name.startswith("mcp_"), name
    assert Client.search_flights is Client.flights_search
    assert AsyncClient.search_flights is AsyncClient.flights_search


def test_a_real_money_route_gets_a_key_and_a_plain_route_does_not() -> None:
    assert "booking_book" in IDEMPOTENT_OPERATIONS, "openapi.json lost the Idempotency-Key header on booking_book"
    recorder = Recorder()
    with Client(BASE_URL, api_key="k", transport=recorder.transport()) as client:
        client.booking_book(offer_id="off_1", payment_intent_id="pi_1", passengers=[])
        client.points_optimize(cashPrice=100, pointsOptions=[{"program": "united", "pointsRequired": 1000}])
    assert recorder.requests[0].headers.get("idempotency-key")
    assert recorder.requests[1].headers.get("idempotency-key") is None
    assert recorder.json_of(1) == {"cashPrice": 100, "pointsOptions": [{"program": "united", "pointsRequired": 1000}]}
