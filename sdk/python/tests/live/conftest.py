"""Live tests talk to a running server (scripts/sdk-py-check.sh starts one and mints a key).
Without DEAL_ENGINE_URL / DEAL_ENGINE_API_KEY every test here FAILS: nothing is skipped."""

import os
from typing import Iterator, Tuple

import pytest

from deal_engine import Client

MISSING_ENV = (
    "DEAL_ENGINE_URL and DEAL_ENGINE_API_KEY are not set: run scripts/sdk-py-check.sh, "
    "which starts a server, mints a key and runs these tests"
)


@pytest.fixture(scope="session")
def live_env() -> Tuple[str, str]:
    url = os.environ.get("DEAL_ENGINE_URL")
    api_key = os.environ.get("DEAL_ENGINE_API_KEY")
    if not url or not api_key:
        pytest.fail(MISSING_ENV, pytrace=False)
    return url, api_key


@pytest.fixture
def client(live_env: Tuple[str, str]) -> Iterator[Client]:
    url, api_key = live_env
    with Client(url, api_key=api_key) as live_client:
        yield live_client
