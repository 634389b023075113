"""Typed Python client for the Deal Engine API, generated from the repository's openapi.json.

    from deal_engine import Client
    with Client("http://localhost:8080", api_key="...") as client:
        for event in client.search_flights(origin="JFK", destination="LHR", departure_date="2026-07-01"):
            ...
"""

from . import models
from ._client import AsyncClient, Client
from ._flight_board import Flight, FlightBoard
from ._types import NOT_GIVEN, NotGiven
from .errors import DealEngineError, ErrorBody, ValidationIssue

__version__ = "1.0.0"

__all__ = [
    "AsyncClient",
    "Client",
    "DealEngineError",
    "ErrorBody",
    "Flight",
    "FlightBoard",
    "NOT_GIVEN",
    "NotGiven",
    "ValidationIssue",
    "models",
]
