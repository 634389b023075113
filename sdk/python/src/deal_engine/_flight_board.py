"""Folds the flight-search stream back into whole flights.

The server sends each slice once (a ``slice`` event) and results name their slices by
id, so a result alone is not a whole flight; updates carry only the fields that changed.
"""

from typing import Any, Dict, List, Mapping, Optional

# A result's data (models.FlightsSearchEventResultData) with ``slices`` (a list of
# models.FlightSlice) in place of ``slice_ids``. A plain dict: a TypedDict subclass
# could not drop ``slice_ids``.
Flight = Dict[str, Any]


class FlightBoard:
    """Feed it every event of one search stream, in order::

        board = FlightBoard()
        for event in client.search_flights(...):
            flight = board.apply(event)   # the whole flight, or None
        board.flights()                   # every flight in its latest version
    """

    def __init__(self) -> None:
        self._slices: Dict[str, Dict[str, Any]] = {}
        self._flights: Dict[str, Flight] = {}

    def apply(self, event: Mapping[str, Any]) -> Optional[Flight]:
        """The whole flight a ``result`` or ``update`` event brought or changed (a new
        dict each time), else None.

        Raises ValueError on an update for a flight never sent, or a result naming a
        slice not sent before it: the stream promises neither happens.
        """
        kind, data = event["type"], event["data"]
        if kind == "slice":
            self._slices[data["id"]] = {k: v for k, v in data.items() if k != "id"}
            return None
        if kind == "result":
            slices = [self._slice(slice_id, data["id"]) for slice_id in data["slice_ids"]]
            # Key by key, so ``slices`` sits where a FlightResult has it.
            flight: Flight = {}
            for key, value in data.items():
                if key == "slice_ids":
                    flight["slices"] = slices
                else:
                    flight[key] = value
        elif kind == "update":
            before = self._flights.get(data["id"])
            if before is None:
                raise ValueError(f"search stream: update for flight {data['id']}, which no result sent")
            # Each field present replaces the old value whole (lists included).
            flight = {**before, **data}
        else:
            return None
        self._flights[flight["id"]] = flight
        return flight

    def flights(self) -> List[Flight]:
        """Every flight in its latest version, in the order the stream first sent them."""
        return list(self._flights.values())

    def _slice(self, slice_id: str, flight_id: str) -> Dict[str, Any]:
        found = self._slices.get(slice_id)
        if found is None:
            raise ValueError(
                f"search stream: result {flight_id} names slice {slice_id}, which no slice event sent"
            )
        return found
