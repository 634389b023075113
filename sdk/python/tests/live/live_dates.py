"""Dates for live requests."""

import datetime


def future_date(days: int = 45) -> str:
    """A departure date far enough ahead for every simulator."""
    return (datetime.date.today() + datetime.timedelta(days=days)).isoformat()
