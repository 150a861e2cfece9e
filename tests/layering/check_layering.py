#!/usr/bin/env python3
"""The layering of Quartermaster's modules, checked on the source text and on the real compile flags.

    check_layering.py SOURCE_DIR                 every #include of the modules against the arrows below
    check_layering.py SOURCE_DIR --probe BUILD   with the flags of each module's sources in
                                                 BUILD/compile_commands.json, a header of a module it
                                                 may not include is not found (the include roots)
    check_layering.py --self-test                the text check on a made-up tree with known faults

The allowed arrows (a module may always include itself):

    cli    -> advice, rules, scoring, vision, data
    tools  -> vision, scoring                 (the renderers qm-render-dice and qm-render-cards)
    advice -> rules, scoring
    rules  -> scoring, data
    vision -> scoring, only the notation, the wording of messages and the errors (VISION_MAY_USE
              below), and data
    data   -> nothing                         (the one lookup of the shipped data files)
    scoring -> nothing

Also: every quoted include names its module first ("rules/piraten/game.hpp"), and does not also
resolve next to the including file (it would shadow the include root); CLI11 (<CLI/...>) is
included only under cli/ and tools/, and in tests/ only by files that test cli/ (cli's GameTable
takes a CLI::App); only cli/ and tools/ link CLI11::CLI11.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

MODULES = ("scoring", "data", "rules", "advice", "vision", "cli", "tools")
MAY_INCLUDE = {
    "scoring": {"scoring"},
    "data": {"data"},
    "rules": {"rules", "scoring", "data"},
    "advice": {"advice", "rules", "scoring"},
    "vision": {"vision", "scoring", "data"},
    "cli": {"cli", "advice", "rules", "scoring", "vision", "data"},
    "tools": {"tools", "vision", "scoring"},
}
# vision reads photos into tokens: of scoring it sees the notation (and the card and dice types the
# notation is written in), the wording every message shares and the errors, never a game's scoring.
VISION_MAY_USE = {
    "scoring/notation.hpp",
    "scoring/wording.hpp",
    "scoring/input_error.hpp",
    "scoring/rule_violation.hpp",
    "scoring/corsari/card.hpp",
    "scoring/loot/card.hpp",
    "scoring/meuterer/goods.hpp",
    "scoring/piraten/dice.hpp",
}
CLI11_MAY_BE_USED_IN = ("cli", "tools")
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".hh", ".ipp")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')


def sources(root, folder):
    for directory, subdirs, files in os.walk(os.path.join(root, folder)):
        subdirs.sort()
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(directory, name)


def includes(path):
    with open(path, encoding="utf-8") as text:
        for number, line in enumerate(text, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1), match.group(2)


def check_tree(root):
    """Every fault as 'path:line: reason', and how many files were read."""
    faults = []
    files = 0
    for module in MODULES:
        for path in sources(root, module):
            files += 1
            where = os.path.relpath(path, root)
            for line, bracket, name in includes(path):
                target = name.split("/", 1)[0]
                if bracket == "<":
                    if target == "CLI" and module not in CLI11_MAY_BE_USED_IN:
                        faults.append(f"{where}:{line}: <{name}>: CLI11 is used only in cli/ and tools/")
                    if target not in MODULES:
                        continue
                    # <rules/...> finds the same headers as "rules/...": judged the same way below.
                elif target not in MODULES or "/" not in name:
                    faults.append(f'{where}:{line}: "{name}": include by the module\'s root, '
                                  f'e.g. "{module}/..."')
                    continue
                if os.path.exists(os.path.join(os.path.dirname(path), name)):
                    faults.append(f'{where}:{line}: "{name}" also resolves next to {where}: '
                                  "rename the folder or include through the roots")
                if target not in MAY_INCLUDE[module]:
                    allowed = ", ".join(f"{m}/" for m in [module] + sorted(MAY_INCLUDE[module] - {module}))
                    faults.append(f"{where}:{line}: {module} -> {target} ({name}) is not allowed: "
                                  f"{module} may include only {allowed}")
                elif module == "vision" and target == "scoring" and name not in VISION_MAY_USE:
                    faults.append(f"{where}:{line}: vision -> {name} is not allowed: vision uses only "
                                  "the notation, the wording and the errors of scoring")
    for folder in ("tests", "bench"):
        for path in sources(root, folder):
            files += 1
            found = list(includes(path))
            tests_cli = any(b == '"' and n.startswith("cli/") for _, b, n in found)
            for line, bracket, name in found:
                if bracket == "<" and name.startswith("CLI/") and not (folder == "tests" and tests_cli):
                    faults.append(f"{os.path.relpath(path, root)}:{line}: <{name}>: CLI11 only in cli/ "
                                  "and tools/ (and in the tests of cli/)")
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if not d.startswith((".", "build")))
        if "CMakeLists.txt" not in names:
            continue
        where = os.path.relpath(os.path.join(directory, "CMakeLists.txt"), root)
        if where.split(os.sep)[0] in CLI11_MAY_BE_USED_IN:
            continue
        with open(os.path.join(directory, "CMakeLists.txt"), encoding="utf-8") as text:
            for line, content in enumerate(text, 1):
                if "CLI11::CLI11" in content.split("#", 1)[0]:
                    faults.append(f"{where}:{line}: links CLI11::CLI11: only cli/ and tools/ may")
    return faults, files


def probe(root, build):
    """Preprocesses an include with each module's real flags: one of a module it may not include must
    not be found, one of its own must be."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as text:
        commands = json.load(text)
    headers = {}
    for module in MODULES:
        found = [p for p in sources(root, module) if p.endswith((".hpp", ".h"))]
        if found:
            headers[module] = os.path.relpath(found[0], root)
    faults = []
    seen = set()
    probes = 0
    with tempfile.TemporaryDirectory(prefix="qm-layering-") as work:
        probe_file = os.path.join(work, "probe.cpp")
        for entry in commands:
            source = os.path.relpath(os.path.realpath(entry["file"]), os.path.realpath(root))
            if os.path.realpath(entry["file"]).startswith(os.path.realpath(build) + os.sep):
                # A unity build's batch of sources (build/<module>/CMakeFiles/...): its module is its folder's.
                source = os.path.relpath(os.path.realpath(entry["file"]), os.path.realpath(build))
            module = source.split(os.sep, 1)[0]
            if module not in MODULES or module not in headers:
                continue  # tools/ has no headers of its own: its sources are checked as text
            words = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
            flags = []
            skip = False
            for word in words[1:]:
                if skip:
                    skip = False
                elif word in ("-o", "-c", "-MF", "-MT", "-MQ"):
                    skip = True
                elif word in ("-MD", "-MMD") or os.path.realpath(os.path.join(entry["directory"], word)) \
                        == os.path.realpath(entry["file"]):
                    continue
                else:
                    flags.append(word)
            compiler = [w for w in words[:1]]
            if os.path.basename(compiler[0]) == "ccache":
                compiler, flags = [flags[0]], flags[1:]
            key = (module, tuple(flags))
            if key in seen:
                continue
            seen.add(key)
            # The module's own header must be found (the probe works), no forbidden one may be.
            for target, header in sorted(headers.items()):
                allowed = target in MAY_INCLUDE[module]
                if allowed and target != module:
                    continue  # the build itself includes these
                with open(probe_file, "w", encoding="utf-8") as text:
                    text.write(f'#include "{header}"\n')
                run = subprocess.run(compiler + flags + ["-E", "-o", os.devnull, probe_file], cwd=entry["directory"],
                                     capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
                probes += 1
                if allowed and run.returncode != 0:
                    faults.append(f"{source}'s flags: {header} is not found:\n{run.stderr.strip()}")
                elif not allowed and run.returncode == 0:
                    faults.append(f"{source}'s flags: {header} is found, but {module} may not include "
                                  f"{target}: an include root lets it through")
                elif not allowed and f"{header}: No such file" not in run.stderr:
                    faults.append(f"{source}'s flags: {header} failed, but not for want of the file:\n"
                                  f"{run.stderr.strip()}")
    if not seen:
        faults.append(f"no module's source in {build}/compile_commands.json")
    return faults, probes, len(seen)


def self_test():
    tree = {
        "scoring/base.hpp": '#include "scoring/other.hpp"\n#include <string>\n',
        "scoring/other.hpp": "",
        "scoring/bad.cpp": '#include "rules/engine.hpp"\n',
        "rules/engine.hpp": '#include "scoring/base.hpp"\n#  include <CLI/CLI.hpp>\n',
        "rules/piraten/game.cpp": '#include "game.hpp"\n#include <advice/solver.hpp>\n',
        "rules/piraten/game.hpp": "",
        "advice/solver.hpp": '#include "rules/engine.hpp"\n#include "scoring/base.hpp"\n',
        "vision/photo.cpp": '#include "scoring/notation.hpp"\n#include "scoring/corsari/grouping.hpp"\n',
        "cli/main.cpp": '#include <CLI/CLI.hpp>\n#include "advice/solver.hpp"\n#include "vision/photo.hpp"\n',
        "cli/vision/photo.hpp": "",
        "tools/render.cpp": '#include <CLI/CLI.hpp>\n#include "vision/photo.hpp"\n#include "cli/x.hpp"\n',
        "tests/cli_test.cpp": '#include <CLI/CLI.hpp>\n#include "cli/main.hpp"\n',
        "tests/rules_test.cpp": '#include <CLI/CLI.hpp>\n',
        "vision/CMakeLists.txt": "target_link_libraries(v PRIVATE CLI11::CLI11)  # no\n# CLI11::CLI11 in a comment\n",
        "cli/CMakeLists.txt": "target_link_libraries(c PUBLIC CLI11::CLI11)\n",
    }
    expected = [
        "scoring/bad.cpp:1: scoring -> rules",
        "rules/engine.hpp:2: <CLI/CLI.hpp>: CLI11",
        'rules/piraten/game.cpp:1: "game.hpp": include by the module',
        "rules/piraten/game.cpp:2: rules -> advice",
        "vision/photo.cpp:2: vision -> scoring/corsari/grouping.hpp",
        'cli/main.cpp:3: "vision/photo.hpp" also resolves next to',
        "tools/render.cpp:3: tools -> cli",
        "tests/rules_test.cpp:1: <CLI/CLI.hpp>",
        "vision/CMakeLists.txt:1: links CLI11::CLI11",
    ]
    with tempfile.TemporaryDirectory(prefix="qm-layering-self-test-") as root:
        for name, content in tree.items():
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w", encoding="utf-8") as text:
                text.write(content)
        faults, _ = check_tree(root)
    missed = [e for e in expected if not any(f.startswith(e) for f in faults)]
    extra = [f for f in faults if not any(f.startswith(e) for e in expected)]
    for fault in missed:
        print("self-test: not reported:", fault)
    for fault in extra:
        print("self-test: reported wrongly:", fault)
    if missed or extra:
        return 1
    print(f"self-test: all {len(expected)} planted faults reported, nothing else")
    return 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) == 3 and argv[1] == "--probe":
        faults, probes, flag_sets = probe(argv[0], argv[2])
        for fault in faults:
            print(fault)
        if faults:
            return 1
        print(f"layering: {probes} probe includes over {flag_sets} sets of module flags: "
              "every include root gives its module only what it may include")
        return 0
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    faults, files = check_tree(argv[0])
    for fault in faults:
        print(fault)
    if files == 0:
        print(f"layering: no sources under {argv[0]}")
        return 1
    if faults:
        print(f"layering: {len(faults)} wrong include(s) or link(s) (allowed arrows: see {sys.argv[0]})")
        return 1
    print(f"layering: {files} files, every include follows the allowed arrows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
