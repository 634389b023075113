"""The READMEs show examples/quickstart.py verbatim, and it runs against the live server."""

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Tuple

SDK_ROOT = Path(__file__).resolve().parents[2]
REPO_ROOT = SDK_ROOT.parents[1]
EXAMPLE = (SDK_ROOT / "examples" / "quickstart.py").read_text("utf-8")
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
# carrier route price currency; an award-only result has no cash price ("None None").
RESULT_LINE = re.compile(r"^[A-Z0-9]{2} JFK-\S*LHR (\d+(\.\d+)? [A-Z]{3}|None None)$")


def test_the_example_is_at_most_five_lines() -> None:
    assert len(EXAMPLE.strip().split("\n")) <= 5


def test_the_sdk_readme_shows_the_example_as_it_is() -> None:
    blocks = PYTHON_BLOCK.findall((SDK_ROOT / "README.md").read_text("utf-8"))
    assert blocks and blocks[0] == EXAMPLE


def test_the_root_readme_shows_the_example_as_it_is() -> None:
    blocks = PYTHON_BLOCK.findall((REPO_ROOT / "README.md").read_text("utf-8"))
    assert EXAMPLE in blocks, "README.md at the repository root has no ```python block equal to sdk/python/examples/quickstart.py"


def test_the_example_runs_against_the_live_server(live_env: Tuple[str, str]) -> None:
    url, api_key = live_env
    env = {**os.environ, "DEAL_ENGINE_URL": url, "DEAL_ENGINE_API_KEY": api_key}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SDK_ROOT / "src"), env.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, "examples/quickstart.py"], cwd=SDK_ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().split("\n")
    assert lines != [""], "the example printed no result"
    bad = [line for line in lines if not RESULT_LINE.match(line)]
    assert not bad, f"lines not shaped 'carrier route price currency': {bad[:5]}"
    assert any(not line.endswith("None None") for line in lines), "no result with a cash price"
