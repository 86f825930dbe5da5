"""docs/python.md's API reference is the package's docstrings, and its examples run."""

import inspect
import re

import ratekit
from conftest import ROOT

DOC = (ROOT / "docs" / "python.md").read_text()
REFERENCE = DOC[DOC.index("## API reference"):]


def test_reference_is_the_docstrings():
    for name in ratekit.__all__:
        item = getattr(ratekit, name)
        heading = f"### `ratekit.{name}{inspect.signature(item) if inspect.isfunction(item) else ''}`"
        assert heading in REFERENCE, heading
        if name != "Error":
            assert inspect.cleandoc(item.__doc__) in REFERENCE, name
    assert len(re.findall(r"^### ", REFERENCE, re.M)) == len(ratekit.__all__)


def test_walkthrough_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    code = "\n".join(blocks).replace('"out/', f'"{tmp_path}/').replace('"brazil.png"', f'"{tmp_path}/b.png"')
    exec(compile(code, "docs/python.md", "exec"), {})
