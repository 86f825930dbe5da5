#!/usr/bin/env python3
"""Runs every `ratekit` command the docs show in a shell block (README.md,
docs/*.md, docs/plugins/*.md, plugins/*/README.md), in the order written, from a scratch folder
that sees the repository's configs/ and data/ and a copy of examples/ (runs write beside their configs). A command with a placeholder
(OUTDIR, CONFIG.yaml, [--json]) or a file that only exists on the reader's
machine is skipped and listed; every other one must exit 0.

  run_documented.py RATEKIT SOURCE_DIR
"""
import glob, os, re, shlex, shutil, subprocess, sys, tempfile

PLACEHOLDER = re.compile(r"\b(OUTDIR|CONFIG|DIR|DB|PLAYER|NAME|FILE)\b")


def commands(path):
    in_block = in_shell = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("```"):
            in_shell = not in_block and line.strip() in ("```sh", "```bash", "```console", "```")
            in_block = not in_block
            continue
        text = line.strip()
        if in_shell and (text.startswith("ratekit ") or text.startswith("$ ratekit ")):
            for part in text.removeprefix("$ ").split(" && "):
                # Optional parts ([--json]) are left out.
                yield number, re.sub(r"\s*\[[^]]*\]", "", part.split("  #")[0].split(" # ")[0]).strip()


def main():
    ratekit, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    docs = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md"))) + \
           sorted(glob.glob(os.path.join(source, "docs", "plugins", "*.md"))) + \
           sorted(glob.glob(os.path.join(source, "plugins", "*", "README.md")))
    ran, skipped, failed = 0, [], []
    with tempfile.TemporaryDirectory(prefix="ratekit-docs-") as cwd:
        for d in ("configs", "data"):
            os.symlink(os.path.join(source, d), os.path.join(cwd, d))
        shutil.copytree(os.path.join(source, "examples"), os.path.join(cwd, "examples"))
        for doc in docs:
            where = os.path.relpath(doc, source)
            for number, command in commands(doc):
                args = shlex.split(command)[1:]
                missing = [a for a in args if re.search(r"\.(yaml|csv|db)$", a) and not os.path.exists(os.path.join(cwd, a))]
                if PLACEHOLDER.search(command) or "--plugin-dir" in args or missing:
                    skipped.append(f"{where}:{number}: {command}")
                    continue
                r = subprocess.run([ratekit] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                ran += 1
                if r.returncode != 0:
                    failed.append(f"{where}:{number}: {command}\n{r.stdout}")
    print(f"ran {ran} documented commands; skipped {len(skipped)} with placeholders or files of the reader's own:")
    for s in skipped:
        print("  " + s)
    if failed:
        sys.exit("failed:\n" + "\n".join(failed))
    if ran < 10:
        sys.exit("fewer than 10 documented commands ran: the extraction broke")


if __name__ == "__main__":
    main()
