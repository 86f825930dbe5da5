#!/usr/bin/env python3
"""What keeps README's build figures true (docs/performance.md, "Building"):
- `.ci/run` runs README's test command, word for word;
- README gives the two figures (the first command's time, the test command's) on the lines after the commands;
- every target of ratekit's own with more than MANY_FILES files compiles them with a precompiled header, as its
  Ninja commands in the build folder say (parsing the same standard and third-party headers once a file is
  what made the first build slow);
- the host's libraries, the tool and the test binary are unity builds (cmake/unity.cmake): each compiles
  every one of its files inside a batch, none on its own (docs/architecture.md, "Unity batches"); and the
  test binary's precompiled header holds Catch2's header, the host library's the third-party headers its
  files share;
- every test file wraps its body in a namespace named for the file (in a batch, two files' helpers of one name
  would collide once a new file shifts the batches), and no test's name holds a ';' (ctest's list separator:
  such a test is split in two and neither half runs).

  build_setup.py SOURCE_DIR BUILD_DIR
"""
import os, pathlib, re, subprocess, sys

MANY_FILES = 8
# Files that leave their target's precompiled header out on purpose (host/CMakeLists.txt says why).
WITHOUT_HEADER = ("host/src/run/memory.cpp", "host/src/run/interrupt_guard.cpp")
UNITY_TARGETS = ("ratekit_host", "ratekit_run", "ratekit_evaluate", "ratekit_serve", "ratekit", "ratekit_tests")
# The headers each target's precompiled header must hold (CMake writes it as BUILD_DIR/.../cmake_pch.hxx).
PRECOMPILED = {"tests/CMakeFiles/ratekit_tests.dir": ("<catch2/catch.hpp>",),
               "host/CMakeFiles/ratekit_host.dir": ("<nlohmann/json.hpp>", "<fmt/format.h>", "<spdlog/spdlog.h>")}


def readme_block(readme):
    """README's first shell block, and the lines that follow it up to the next blank line."""
    lines = open(readme, encoding="utf-8").read().split("\n")
    start = lines.index("```sh")
    end = lines.index("```", start + 1)
    after = []
    for line in lines[end + 1:]:
        if after and not line.strip():
            break
        if line.strip():
            after.append(line)
    return [l.strip() for l in lines[start + 1:end] if l.strip() and not l.lstrip().startswith("#")], after


def ci_command(ci):
    return [l.strip() for l in open(ci, encoding="utf-8") if l.strip() and not l.startswith(("#", "set ", "cd "))]


def compiles_by_target(build, source):
    commands = subprocess.run(["ninja", "-C", build, "-t", "commands", "all"], check=True, capture_output=True,
                              text=True).stdout.splitlines()
    targets = {}
    for c in commands:
        words = c.split()
        if "-c" not in words or "-o" not in words:
            continue
        src = os.path.relpath(os.path.realpath(words[words.index("-c") + 1]), source)
        out = words[words.index("-o") + 1]
        target = re.search(r"CMakeFiles/([^/]+)\.dir/", out)
        if "/Unity/unity_" in out:  # a batch CMake wrote in the build folder: named as the folder has it
            src = os.path.relpath(words[words.index("-c") + 1], build)
        elif src.startswith("..") or not target or src.endswith(".hxx.cxx"):  # outside the tree, or the header itself
            continue
        pch = any(w.endswith("cmake_pch.hxx") for w in words)
        targets.setdefault(target.group(1), []).append((src, pch))
    return targets


def unity_faults(targets, build):
    batch = re.compile(r"Unity/unity_\d+_cxx\.cxx$")
    faults = [f"{t}: no unity batch is compiled (cmake/unity.cmake)" for t in UNITY_TARGETS
              if not any(batch.search(src) for src, _ in targets.get(t, []))]
    faults += [f"{t}: {src} is compiled on its own, not in a unity batch (docs/architecture.md, \"Unity batches\")"
               for t in UNITY_TARGETS for src, _ in targets.get(t, [])
               if not batch.search(src) and src not in WITHOUT_HEADER]
    for folder, headers in PRECOMPILED.items():
        path = os.path.join(build, folder, "cmake_pch.hxx")
        text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        faults += [f"{path}: {h} is not precompiled" for h in headers if f"#include {h}" not in text]
    return faults


def test_file_faults(source):
    faults = []
    for path in sorted(pathlib.Path(source, "tests").rglob("test_*.cpp")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(source)
        if not re.search(rf"^namespace {path.stem} {{", text, re.M):
            faults.append(f"{where}: its body is not in `namespace {path.stem} {{`")
        faults += [f"{where}: the test name {name!r} holds a ';'" for name in
                   re.findall(r'TEST_CASE\(\s*"((?:[^"\\]|\\.)*)"', text) if ";" in name]
    return faults


def main():
    source, build = (os.path.realpath(p) for p in sys.argv[1:3])
    faults = []
    commands, figures = readme_block(os.path.join(source, "README.md"))
    if len(commands) != 2:
        faults.append(f"README's first shell block has {len(commands)} commands, not 2 (the first, the test command)")
    elif ci_command(os.path.join(source, ".ci", "run")) != [commands[1]]:
        faults.append(".ci/run does not run README's test command as written")
    if len(figures) < 2 or not all(re.search(r"\d+(\.\d+)? min", f) for f in figures[:2]):
        faults.append("README does not give the two commands' times (in min) on the two lines after them")
    targets = compiles_by_target(build, source)
    for target, files in sorted(targets.items()):
        if len(files) <= MANY_FILES:
            continue
        faults += [f"{target}: {src} is compiled without the target's precompiled header" for src, pch in files
                   if not pch and src not in WITHOUT_HEADER]
    faults += unity_faults(targets, build)
    faults += test_file_faults(source)
    for f in faults:
        print(f"  - {f}")
    big = sum(len(f) > MANY_FILES for f in targets.values())
    print(f"{len(faults)} faults" if faults else f"README and .ci/run agree; {big} targets, each with one header")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
