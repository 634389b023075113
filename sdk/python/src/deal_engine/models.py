"""TypedDicts for every request body, JSON answer and stream event, e.g.
``PointsOptimizeResponse`` or ``FlightsSearchEvent``. Generated from openapi.json."""

from ._generated.models import *  # noqa: F401,F403
from ._generated.models import __all__  # noqa: F401
