#!/usr/bin/env python3
"""README's first command builds the tool and every plugin, and nothing of the
tests, the Python module, the benchmarks or the fuzzers: it asks Ninja for the
commands of the targets that command builds (`cmake --build ... --target T`,
`all` when it names none) in the test suite's own build folder.

  first_build.py SOURCE_DIR BUILD_DIR
"""
import os, re, shlex, subprocess, sys

NOT_FOR_THE_TOOL = ("tests/", "python/", "bench/", "fuzz/")


def first_command(readme):
    """The first command line of README's first shell block."""
    in_block = False
    for line in open(readme, encoding="utf-8"):
        if line.startswith("```"):
            if in_block:
                break
            in_block = True
        elif in_block and line.strip() and not line.lstrip().startswith("#"):
            return line.strip()
    sys.exit(f"{readme}: no command in its first shell block")


def build_targets(command):
    for part in command.split(" && "):
        words = shlex.split(part)
        if words[:2] == ["cmake", "--build"]:
            targets = [w for i, w in enumerate(words) if i and words[i - 1] in ("--target", "-t")]
            return targets or ["all"]
    sys.exit(f"README's first command has no `cmake --build`: {command}")


def outputs_and_sources(build, targets):
    commands = subprocess.run(["ninja", "-C", build, "-t", "commands", *targets], check=True,
                              capture_output=True, text=True).stdout.splitlines()
    outputs, sources = set(), set()
    for c in commands:
        words = c.split()
        outputs.update(words[i + 1] for i, w in enumerate(words[:-1]) if w == "-o")
        sources.update(words[i + 1] for i, w in enumerate(words[:-1]) if w == "-c")
    return outputs, sources


def main():
    source, build = (os.path.realpath(p) for p in sys.argv[1:3])
    command = first_command(os.path.join(source, "README.md"))
    outputs, sources = outputs_and_sources(build, build_targets(command))
    everything, _ = outputs_and_sources(build, ["all"])
    plugins = {o for o in everything if re.fullmatch(r"plugins/ratekit-[\w-]+\.so", o)}
    faults = [f"builds {os.path.relpath(s, source)}, which the tool does not need" for s in sorted(sources)
              if os.path.relpath(os.path.realpath(s), source).startswith(NOT_FOR_THE_TOOL)]
    faults += [f"does not build {p}" for p in sorted(plugins - outputs)]
    if "host/ratekit" not in outputs:
        faults.append("does not build host/ratekit")
    if not plugins:
        faults.append("the build folder has no plugins to check")
    if faults:
        print(f"README's first command: {command}")
    for f in faults:
        print(f"  - {f}")
    print(f"{len(faults)} faults" if faults else f"{len(sources)} compiles, the tool and {len(plugins)} plugins")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
