#!/usr/bin/env python3
"""The REPL at a real (pseudo-)terminal, as a player's terminal runs it, not through a pipe.

    repl_at_terminal.py --binary PATH --game GAME --locale LOCALE [--term TERM]

Runs `quartermaster repl --session NAME` on a pty (24x100) with a private environment (fresh
XDG_DATA_HOME, XDG_STATE_HOME and HOME, the given TERM, LANG=LC_ALL=LOCALE) and, for the game:
(Corsari) scans a photo of cards as its first line, while the REPL still makes ready for photos;
plays several moves with undo and redo, completes a half-typed word with Tab, recalls a line with
the up arrow, abandons a half-typed line with Ctrl-C (and presses it on an empty line), checks
after every acknowledged move that the session's journal holds it, reads `standings --json` and
quits with `quit`. Then it reopens the session at a pty, checks the REPL says it restored exactly
the acknowledged events, recalls `standings --json` from the first run's history, checks it shows
the same standings, takes the last move back and redoes it, and leaves with Ctrl-D on an empty
line.

Fails (exit 1) on a child killed by a signal, a hang (no prompt or exit within 10 s of a key), a
non-zero exit, a refused or lost move, a changed table, a garbled prompt, a terminal not left on
a fresh line or with its modes not restored. The message names the game, locale, TERM, run and step and
shows the last lines of the screen (escapes stripped).
Prints one summary line. Python 3 standard library only.
"""
import argparse
import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time

KEY_TIMEOUT = 10.0   # seconds allowed between a key and the REPL's answer
ROWS, COLS = 24, 100
SCREEN_LINES = 40    # lines of the screen shown with a failure

# The players' cards for Corsari: the rule text's example (as in tests/corsari/cli_checks.sh).
CORSARI_ANN = "lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"
CORSARI_BOB = "orange9 purple7 red1 red2 red3 blue4 blue5 yellow6 yellow8 pink9 pink10 brown11"
CORSARI_CY = "grey1,grey3,grey4,grey5,grey6,grey7,grey8,grey9,grey10,grey11,green2,green3"

# Each game's lines, as (line, events it adds to the journal, text its answer must show). Every
# game starts a table, makes at least three table-changing moves and takes one back and redoes it.
# The lines are those of the games' own cli_checks.sh, which pass through a pipe.
GAMES = {
    "piraten": [
        ("new piraten Ann Bob Cy", 1, "New game of Piraten Kapern"),
        ("tally diamond 3coin 5monkey", 1, "+1500"),
        ("card captain", 1, "Bob draws captain"),
        ("roll 2coin skull 2sabre 2parrot monkey", 1, None),
        ("undo", 1, "undone"),
        ("redo", 1, "redone"),
        ("stop", 1, None),
    ],
    "corsari": [
        # First, while the REPL still makes ready for scans in the background (repl.cpp): the
        # line must wait for that, then read the photo (tests/vision/photos/README.md).
        ("scan cards {photo} --game corsari", 0, "12 cards, 1 uncertain"),
        ("new corsari Ann Bob Cy", 1, "New game of Corsari"),
        ("sail Ann --tavern lightblue", 1, None),
        ("hand Ann " + CORSARI_ANN, 1, "5 stowaway points"),
        ("hand Bob " + CORSARI_BOB, 1, "would best add orange9"),
        ("undo", 1, "undone"),
        ("redo", 1, "redone"),
        ("hand Cy " + CORSARI_CY, 1, "Proposed settlement"),
    ],
    "loot": [
        ("new loot Ann Bob Cy", 1, "New game of Loot"),
        ("float Ann m5", 1, "Ann floats m5: merchant #1."),
        ("float m3", 1, "Bob floats m3: merchant #2."),
        ("attack Cy blue3 #2", 1, None),
        ("undo", 1, "undone"),
        ("redo", 1, "redone"),
        ("attack Ann green4 #2", 1, "Ann attacks #2 (m3) with green4."),
        ("draw Bob", 1, None),
    ],
    "meuterer": [
        ("new meuterer Ann Bob Cy Dee", 1, "New game of Meuterer: Ann, Bob, Cy, Dee"),
        ("draw Ann 3wine 2combat", 1, None),
        ("draw Bob 2salt,2grain combat", 1, None),
        ("undo", 1, "undone"),
        ("redo", 1, "redone"),
        ("draw 5cloth", 1, None),
    ],
    "pirates-code": [
        ("new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12", 1, "New game of Pirate's Code: Ann, Bob, Cy"),
        ("scout Bob sees 4", 1, "Ann scouted Bob and saw 4."),
        ('inquiry Bob->Cy "this+3?" no', 1, None),
        ("notebook", 0, "Ann's notebook"),
        ("undo", 1, "undone"),
        ("redo", 1, "redone"),
        ("guess Cy 5 11 -> Bob has", 1, "Cy guessed 5 and 11"),
    ],
}

ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[()*+].|[@-Z\\-_=>])")
# A prompt: `quartermaster> `, or the game's name, `(over)` when it is over, and whose turn it is
# after some separator (` · ` in a UTF-8 locale, ASCII otherwise): `piraten · Ann> `.
PROMPT = re.compile(r"^(?P<head>quartermaster|[a-z][a-z0-9-]*(?: \(over\))?(?:\s+\S{1,3}\s+[^\s>]+)?)> $")
ERROR_LINE = re.compile(r"^quartermaster: ")
RESTORED = re.compile(r"Session '([^']*)': all events restored \((\d+)\)\.")


class Failure(Exception):
    pass


def render(data):
    """The lines a terminal would show for these bytes: escapes dropped, carriage returns,
    backspaces and erase-to-end-of-line applied (enough for a line editor's redraws)."""
    text = data.decode("utf-8", "replace")
    lines, line, col, i = [], [], 0, 0
    while i < len(text):
        c = text[i]
        if c == "\x1b":
            m = ANSI.match(text, i)
            if not m:
                i += 1
                continue
            seq = m.group(0)
            i = m.end()
            csi = re.fullmatch(r"\x1b\[(\d*)([CDKG])", seq)
            if csi:
                n = int(csi.group(1) or "1") if csi.group(2) != "K" else int(csi.group(1) or "0")
                if csi.group(2) == "C":
                    col += n
                elif csi.group(2) == "D":
                    col = max(0, col - n)
                elif csi.group(2) == "G":
                    col = max(0, n - 1)
                elif n == 0:
                    del line[col:]
                elif n == 2:
                    line = []
            continue
        i += 1
        if c == "\n":
            lines.append("".join(line).rstrip())
            line, col = [], 0
        elif c == "\r":
            col = 0
        elif c == "\b":
            col = max(0, col - 1)
        elif c == "\t":
            col = (col // 8 + 1) * 8
        elif ord(c) < 32 or c == "\x7f":
            pass
        else:
            if col >= len(line):
                line.extend(" " * (col - len(line)) + c)
            else:
                line[col] = c
            col += 1
    lines.append("".join(line))
    return lines


def describe_status(status):
    if status is None:
        return "still running"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "?"
        return "killed by signal %d (%s)%s" % (sig, name, ", core dumped" if os.WCOREDUMP(status) else "")
    return "exit status %d" % os.WEXITSTATUS(status)


def terminal_modes(fd):
    """The modes of the terminal on fd that a program must give back when it ends."""
    try:
        iflag, oflag, _, lflag, _, _, cc = termios.tcgetattr(fd)
    except termios.error:
        return None
    return {"ICRNL": bool(iflag & termios.ICRNL), "OPOST": bool(oflag & termios.OPOST),
            "ONLCR": bool(oflag & termios.ONLCR), "ICANON": bool(lflag & termios.ICANON),
            "ECHO": bool(lflag & termios.ECHO), "ISIG": bool(lflag & termios.ISIG),
            "VINTR": cc[termios.VINTR], "VEOF": cc[termios.VEOF]}


def fresh_terminal_modes():
    """A new pty's modes: what the REPL found and must leave behind."""
    master, slave = os.openpty()
    try:
        return terminal_modes(slave)
    finally:
        os.close(master)
        os.close(slave)


class Terminal:
    """One run of the REPL on a pty: keys in, screen out."""

    def __init__(self, binary, args, env):
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty's other side is its terminal
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
                os.execve(binary, [binary] + args, env)
            except BaseException as error:  # noqa: BLE001 - anything, reported on the pty
                os.write(2, ("cannot start %s: %s\n" % (binary, error)).encode())
            os._exit(127)
        self.pid, self.fd = pid, fd
        self.raw = bytearray()
        self.status = None
        self.closed = False

    # --- reading ------------------------------------------------------------------------------
    def _pump(self, seconds):
        """Reads what the program printed within `seconds`; notices the end of the program."""
        if self.closed:
            return
        ready, _, _ = select.select([self.fd], [], [], max(0.0, seconds))
        if not ready:
            return
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the program closed its terminal (it ended)
            chunk = b""
        if chunk:
            self.raw += chunk
            if b"\x1b[6n" in chunk:  # a cursor position request: answer as a terminal would
                os.write(self.fd, b"\x1b[1;1R")
        else:
            self.closed = True
            self._reap(KEY_TIMEOUT)

    def _reap(self, seconds):
        deadline = time.monotonic() + seconds
        while self.status is None and time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
                return
            time.sleep(0.01)

    def ended(self):
        if self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
        return self.status is not None

    def wait_for(self, condition, what):
        """Reads until condition() holds; fails if the program ends first or 10 s pass."""
        deadline = time.monotonic() + KEY_TIMEOUT
        while True:
            if condition():
                return
            if self.closed or self.ended():
                self._drain()
                if condition():
                    return
                raise Failure("the REPL ended (%s) while waiting for %s" % (describe_status(self.status), what))
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure("hang: waited %g s for %s" % (KEY_TIMEOUT, what))
            self._pump(min(left, 0.02))

    def settle(self, quiet=0.1):
        """Reads until the program prints nothing for `quiet` seconds (at most 10 s)."""
        deadline = time.monotonic() + KEY_TIMEOUT
        while not self.closed and time.monotonic() < deadline:
            before = len(self.raw)
            self._pump(quiet)
            if len(self.raw) == before:
                return

    def _drain(self):
        while not self.closed:
            before = len(self.raw)
            self._pump(0.2)
            if len(self.raw) == before and not self.closed:
                break

    def wait_exit(self, what):
        deadline = time.monotonic() + KEY_TIMEOUT
        while not self.closed and time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        if self.status is None:
            self._reap(max(0.0, deadline - time.monotonic()))
        if self.status is None:
            raise Failure("hang: the REPL did not end within %g s of %s" % (KEY_TIMEOUT, what))
        return self.status

    def kill(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap(KEY_TIMEOUT)
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        self.closed = True

    # --- the screen ---------------------------------------------------------------------------
    def mark(self):
        """Where the current screen line starts: what comes after it is this step's."""
        return self.raw.rfind(b"\n") + 1

    def lines_since(self, mark):
        return render(bytes(self.raw[mark:]))

    def last_line(self):
        return render(bytes(self.raw[self.mark():]))[-1]

    def editing(self):
        """True while the line editor holds the terminal (not in canonical mode): keys typed now
        reach it as keys. Typed earlier, the terminal itself would echo and buffer them."""
        try:
            return not termios.tcgetattr(self.fd)[3] & termios.ICANON
        except termios.error:
            return False

    def at_prompt(self, since):
        """True once a new prompt, with nothing typed after it, ends the output since `since`
        and the line editor is reading."""
        return (b"\n" in self.raw[since:] and PROMPT.match(self.last_line()) is not None
                and self.editing())

    def at_fresh_prompt(self, after):
        """True once something was printed after byte `after` and the screen's last line is a
        bare prompt (on a new line or redrawn in place) with the line editor reading."""
        return (len(self.raw) > after and PROMPT.match(self.last_line()) is not None
                and self.editing())

    def screen(self):
        return "\n".join(render(bytes(self.raw))[-SCREEN_LINES:])

    # --- keys ---------------------------------------------------------------------------------
    def send(self, keys):
        os.write(self.fd, keys.encode("utf-8") if isinstance(keys, str) else keys)


class Check:
    """Plays one game at the terminal twice (play, then reopen) and checks everything."""

    def __init__(self, args):
        self.args = args
        self.game = args.game
        self.session = "tty-" + self.game
        self.phase = "first run"
        self.step = "start"
        self.term = None
        self.home = tempfile.mkdtemp(prefix="qm-tty-")
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.path.join(self.home, "home"),
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "TERM": args.term,
            "LANG": args.locale,
            "LC_ALL": args.locale,
        }
        for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):  # a sanitizer build's settings
            if name in os.environ:
                self.env[name] = os.environ[name]
        for item in args.env:
            key, _, value = item.partition("=")
            self.env[key] = value
        os.makedirs(self.env["HOME"])
        # A photo of cards at a short path, so that the typed line fits the terminal's width.
        self.photo = os.path.join(self.home, "cards.jpg")
        shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vision", "photos",
                                 "pale-gingham-corsari.jpg"), self.photo)
        self.fresh_modes = fresh_terminal_modes()
        self.journal = os.path.join(self.env["XDG_DATA_HOME"], "quartermaster", "sessions", self.session + ".jsonl")
        self.expected_events = 0
        self.restored = None

    # --- helpers ------------------------------------------------------------------------------
    def fail(self, message):
        raise Failure(message)

    def start(self):
        self.term = Terminal(self.args.binary, ["repl", "--session", self.session], self.env)
        self.step = "the first prompt"
        self.term.wait_for(lambda: PROMPT.match(self.term.last_line()) is not None and self.term.editing(),
                           "the first prompt")
        self.check_prompt()
        return self.term.lines_since(0)

    def check_prompt(self):
        """The screen's last line is a prompt naming the game (or none yet), not garbled (as by
        bytes the line editor could not decode in the locale it runs in)."""
        line = self.term.last_line()
        match = PROMPT.match(line)
        if not match:
            self.fail("the last line is not a prompt: %r" % line)
        head = match.group("head")
        if head != "quartermaster" and not head.startswith(self.game):
            self.fail("the prompt %r does not name the game %s" % (line, self.game))
        if "\ufffd" in line or re.search(r"\\[0-7]{3}", line):
            self.fail("a garbled prompt %r" % line)

    def type_line(self, line, expect=None, events=0):
        """Types a whole line and Enter; returns the answer's lines (between the line and the prompt)."""
        self.step = repr(line)
        mark = self.term.mark()
        self.term.send(line + "\r")
        self.term.wait_for(lambda: self.term.at_prompt(mark), "a prompt after %r" % line)
        return self.answer(mark, line, expect, events)

    def answer(self, mark, line, expect, events):
        lines = self.term.lines_since(mark)
        self.check_prompt()
        answer = lines[1:-1]
        text = "\n".join(answer)
        refused = [row for row in answer if ERROR_LINE.match(row)]
        if refused:
            self.fail("the REPL refused %r: %s" % (line, refused[0]))
        if expect and expect not in text:
            self.fail("the answer to %r lacks %r" % (line, expect))
        if events:
            self.expected_events += events
            have = len(self.journal_events())
            if have != self.expected_events:
                self.fail("after %r was acknowledged the journal holds %d events, want %d (a lost event)"
                          % (line, have, self.expected_events))
        return answer

    def journal_events(self):
        try:
            with open(self.journal, encoding="utf-8") as f:
                rows = f.read().splitlines()
        except FileNotFoundError:
            return []
        if not rows:
            return []
        try:
            header = json.loads(rows[0])
            events = [json.loads(row) for row in rows[1:] if row.strip()]
        except json.JSONDecodeError as error:
            self.fail("the journal %s is not JSON Lines: %s" % (self.journal, error))
        if header.get("type") != "session":
            self.fail("the journal's first line is not a session header: %r" % rows[0])
        for n, event in enumerate(events):
            if event.get("type") not in ("command", "undo", "redo"):
                self.fail("journal event %d has type %r" % (n + 1, event.get("type")))
            seq = event.get("seq")
            if not isinstance(seq, int) or (n and seq <= events[n - 1]["seq"]):
                self.fail("journal event %d has seq %r (after %r)" % (n + 1, seq, events[n - 1]["seq"] if n else None))
        return events

    def standings_json(self):
        return self.parse_json(self.type_line("standings --json"))

    def parse_json(self, answer):
        try:
            return json.loads("\n".join(answer))
        except json.JSONDecodeError as error:
            self.fail("'standings --json' did not print one JSON document (%s)" % error)

    def recalled_standings_json(self):
        """`standings --json` recalled from the first run's history with the up arrow (past its
        `quit`, if the history holds that): the history is kept across runs."""
        self.step = "the up arrow in the reopened run"
        mark = self.term.mark()
        self.term.send("\x1b[A")
        self.wait_echo(("quit", "standings --json"), "a line of the first run recalled by the up arrow")
        if self.echo() == "quit":
            self.term.send("\x1b[A")
            self.wait_echo(("standings --json",), "'standings --json' recalled by the up arrow")
        self.step = "'standings --json' (recalled)"
        self.term.send("\r")
        self.term.wait_for(lambda: self.term.at_prompt(mark), "a prompt after the recalled 'standings --json'")
        return self.parse_json(self.answer(mark, "standings --json", None, 0))

    def echo(self):
        """What is typed after the prompt on the screen's last line (None: no prompt there)."""
        match = re.match(r"^(.*?> )(.*)$", self.term.last_line())
        if match is None or PROMPT.match(match.group(1)) is None:
            return None
        return match.group(2).rstrip()

    def wait_echo(self, text, what):
        """Waits until the line being edited is the prompt followed by `text` (or one of them)."""
        texts = (text,) if isinstance(text, str) else text
        self.term.wait_for(lambda: self.echo() in texts, what)

    def quit_with(self, keys, what):
        self.step = what
        self.term.send(keys)
        status = self.term.wait_exit(what)
        if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
            self.fail("after %s the REPL ended: %s" % (what, describe_status(status)))
        shown = ANSI.sub("", bytes(self.term.raw).decode("utf-8", "replace"))
        if not shown.endswith("\n"):
            self.fail("after %s the terminal is not left on a fresh line: the last bytes printed were %r"
                      % (what, bytes(self.term.raw[-24:])))
        modes = terminal_modes(self.term.fd)
        if modes is not None and modes != self.fresh_modes:
            changed = ", ".join("%s %r (was %r)" % (k, modes[k], self.fresh_modes[k])
                                for k in modes if modes[k] != self.fresh_modes[k])
            self.fail("after %s the terminal's modes were not restored: %s" % (what, changed))
        self.term.kill()

    # --- the two runs -------------------------------------------------------------------------
    def play(self):
        banner = "\n".join(self.start())
        match = RESTORED.search(banner)
        if match and int(match.group(2)) != 0:
            self.fail("a new session says it restored %s events" % match.group(2))
        script = GAMES[self.game]
        for n, (line, events, expect) in enumerate(script):
            self.type_line(line.replace("{photo}", self.photo), expect, events)
            if n == 1:
                self.keys_checks()
        self.step = "Ctrl-C on an empty line"
        self.ctrl_c("a fresh prompt after Ctrl-C on an empty line")
        before = self.standings_json()
        if self.expected_events != len(self.journal_events()):
            self.fail("the journal holds %d events, want %d" % (len(self.journal_events()), self.expected_events))
        self.quit_with("quit\r", "'quit'")
        return before

    def keys_checks(self):
        """Tab completion, the up arrow and Ctrl-C on a half-typed line."""
        self.step = "Tab completion of 'stan'"
        mark = self.term.mark()
        self.term.send("stan")
        self.wait_echo("stan", "the echo of 'stan'")
        self.term.send("\t")
        self.wait_echo("standings", "'stan' completed to 'standings' by Tab")
        self.term.send("\r")
        self.term.wait_for(lambda: self.term.at_prompt(mark), "a prompt after the completed 'standings'")
        self.check_standings(self.answer(mark, "standings (completed)", None, 0), "the completed 'standings'")

        self.step = "the up arrow"
        mark = self.term.mark()
        self.term.send("\x1b[A")
        self.wait_echo("standings", "'standings' recalled by the up arrow")
        self.term.send("\r")
        self.term.wait_for(lambda: self.term.at_prompt(mark), "a prompt after the recalled 'standings'")
        self.check_standings(self.answer(mark, "standings (recalled)", None, 0), "the recalled 'standings'")

        self.step = "Ctrl-C on a half-typed line"
        mark = self.term.mark()
        self.term.send("undo")
        self.wait_echo("undo", "the echo of 'undo'")
        self.ctrl_c("a fresh, empty prompt after Ctrl-C on the half-typed 'undo'")
        seen = "\n".join(self.term.lines_since(mark))
        if "undone" in seen or re.search(r"^quartermaster: ", seen, re.M):
            self.fail("the line abandoned with Ctrl-C was run")
        if len(self.journal_events()) != self.expected_events:
            self.fail("the line abandoned with Ctrl-C changed the journal")
        # The next line runs alone: nothing of the abandoned one is left in the editor.
        self.step = "a line after Ctrl-C"
        answer = self.type_line("standings")
        self.check_standings(answer, "'standings' after Ctrl-C")
        if "undone" in "\n".join(answer):
            self.fail("the line abandoned with Ctrl-C was run after all")

    def ctrl_c(self, what):
        """Ctrl-C: the REPL stays, and shows an empty prompt (the line typed so far is dropped)."""
        after = len(self.term.raw)
        self.term.send("\x03")
        self.term.wait_for(lambda: self.term.at_fresh_prompt(after), what)
        self.term.settle()  # a signal is handled asynchronously: let its output finish
        if not self.term.at_fresh_prompt(after):
            self.fail("after Ctrl-C the screen's last line is %r, not an empty prompt" % self.term.last_line())
        self.check_prompt()

    def check_standings(self, answer, what):
        text = "\n".join(answer)
        if "to play:" not in text and not re.search(r"^\s*player\b", text, re.M | re.I):
            self.fail("%s did not show the standings" % what)

    def reopen(self, before):
        self.phase = "reopened run"
        banner = "\n".join(self.start())
        self.step = "the reopened session's banner"
        match = RESTORED.search(banner)
        if not match:
            self.fail("the reopened REPL does not say how many events it restored")
        if match.group(1) != self.session:
            self.fail("the reopened REPL names session %r, not %r" % (match.group(1), self.session))
        restored, journaled = int(match.group(2)), len(self.journal_events())
        self.restored = restored
        if restored != self.expected_events or journaled != self.expected_events:
            self.fail("%d events restored, the journal holds %d, the first run acknowledged %d"
                      % (restored, journaled, self.expected_events))
        after = self.recalled_standings_json()
        if after != before:
            self.fail("the standings differ after reopening:\nbefore: %s\nafter:  %s"
                      % (json.dumps(before, sort_keys=True), json.dumps(after, sort_keys=True)))
        # undo and redo work across the restart: the last move is taken back and played again.
        undone = self.standings_json_after("undo", "undone")
        if undone == before:
            self.fail("'undo' after reopening left the standings as they were")
        if self.standings_json_after("redo", "redone") != before:
            self.fail("'undo' then 'redo' after reopening did not give the standings back")
        self.step = "Ctrl-D on an empty line"
        self.quit_with("\x04", "Ctrl-D on an empty line")
        if len(self.journal_events()) != self.expected_events:
            self.fail("the journal holds %d events after the reopened run, want %d"
                      % (len(self.journal_events()), self.expected_events))

    def standings_json_after(self, line, expect):
        self.type_line(line, expect, 1)
        return self.standings_json()

    def run(self):
        try:
            before = self.play()
            self.reopen(before)
            return None
        except Failure as failure:
            return str(failure)
        finally:
            if self.term is not None:
                self.term.kill()

    def report(self, error, seconds):
        where = "%s locale=%s TERM=%s" % (self.game, self.args.locale, self.args.term)
        if error is None:
            return ("tty %s: PASS (%.1f s; %d events restored as played, same standings; %d journaled in all)"
                    % (where, seconds, self.restored, self.expected_events))
        screen = self.term.screen() if self.term is not None else ""
        return ("tty %s: FAIL in the %s at step %s: %s\n--- the last %d lines of the screen ---\n%s\n---"
                % (where, self.phase, self.step, error, SCREEN_LINES, screen))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--locale", required=True)
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="one more environment variable for the REPL (for debugging)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print("tty %s locale=%s: FAIL: no executable %s" % (args.game, args.locale, args.binary))
        return 1
    check = Check(args)
    started = time.monotonic()
    try:
        error = check.run()
        print(check.report(error, time.monotonic() - started), flush=True)
    finally:
        if args.keep:
            print("kept %s" % check.home)
        else:
            shutil.rmtree(check.home, ignore_errors=True)
    return 0 if error is None else 1


if __name__ == "__main__":
    sys.exit(main())
