# SPDX-License-Identifier: GPL-3.0-or-later
"""What the end-to-end tests share: starting the uninstalled app in a private home, finding
widgets in its accessibility tree by role and name, pressing them, and failing with the name
of the step that could not be done.

Run under e2e-session.py (a private X display, session bus and accessibility bus).

GTK 4.8 habits this works around:
  * Text.get_text(0, -1) returns "": text is read by character count.
  * The AT-SPI click on a GtkButton fires "clicked" about 250 ms later: press() waits.
  * Only windows get the "showing" state, and the children of a stack page that is no longer
    shown stay "visible" with their old size: shown() asks the window's hit test.
  * The title bar's buttons give no hit at all: they are found by state and size alone.
  * Widgets nobody named are exposed under their class name ("BuxPage", "GtkStackPage").
"""

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# This process is the person at the screen, not the program under test: libatspi's harmless
# warnings (below) must not abort it under the test suite's G_DEBUG=fatal-warnings, which
# GLib reads when it loads. The app keeps the setting.
APP_G_DEBUG = os.environ.pop("G_DEBUG", None)

import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

Atspi.init()
# A call into a hung app returns after 5 s instead of the default 25.
Atspi.set_timeout(5000, 15000)


def _quiet(domain, level, message, data):
    # GTK 4 has no /org/a11y/atspi/cache object; libatspi warns about it once per app.
    if "org/a11y/atspi/cache" not in (message or ""):
        GLib.log_default_handler(domain, level, message, data)


GLib.log_set_handler("dbind", GLib.LogLevelFlags.LEVEL_WARNING, _quiet, None)

T0 = time.monotonic()
# A sanitizer build runs the app several times slower: every time limit grows with it.
SCALE = float(os.environ.get("E2E_TIME_SCALE") or 1)


class StepFailed(Exception):
    pass


def log(message):
    print("[%7.2fs] %s" % (time.monotonic() - T0, message), flush=True)


class _Alarm(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Alarm()


@contextlib.contextmanager
def step(name, timeout=60):
    """One named step with a hard time limit: on timeout or error the test fails and says
    which step. The limit holds even if a call into the app blocks."""
    log("step: " + name)
    timeout *= SCALE
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        yield
    except _Alarm:
        _show_screen()
        raise StepFailed("step '%s' did not finish within %d s" % (name, timeout)) from None
    except StepFailed as e:
        _show_screen()
        raise StepFailed("step '%s' failed: %s" % (name, e)) from None
    except Exception as e:
        _show_screen()
        raise StepFailed("step '%s' failed: %s: %s" % (name, type(e).__name__, e)) from e
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _show_screen():
    """What the app showed when a step failed: its accessibility tree and a screenshot,
    within 30 s even if the app hangs."""
    app = App.current
    if app is None or app.root is None or not app.alive():
        signal.setitimer(signal.ITIMER_REAL, 0)
        return
    signal.setitimer(signal.ITIMER_REAL, 30)
    print("---- what was on screen", flush=True)
    try:
        dump(app.window())
        app.screenshot("failed-%s.png" % os.path.basename(sys.argv[0]).split(".")[0])
    except Exception as err:    # _Alarm included
        print("(could not show it all: %s)" % (type(err).__name__ if not str(err) else err),
              flush=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


# ------------------------------------------------------------------------------ the tree
def _safe(fn, default=None):
    try:
        return fn()
    except (GLib.Error, RuntimeError, TypeError):
        return default


# The marks that isolate a name in a sentence (issue 36: U+200E U+2068 … U+2069): a screen
# reader does not read them and a person does not see them, so the tests compare without.
_ISOLATES = {0x200E: None, 0x200F: None, 0x2068: None, 0x2069: None}


def without_isolates(text):
    return (text or "").translate(_ISOLATES)


def name_of(node):
    return without_isolates(_safe(node.get_name, "") or "")


def role_of(node):
    return _safe(node.get_role_name, "?")


def states(node):
    ss = _safe(node.get_state_set)
    return {s.value_nick for s in ss.get_states()} if ss else set()


def children(node):
    n = _safe(node.get_child_count, 0) or 0
    for i in range(n):
        c = _safe(lambda: node.get_child_at_index(i))
        if c is not None:
            yield c


def _extents(node):
    return _safe(lambda: Atspi.Component.get_extents(node, Atspi.CoordType.WINDOW))


def on_screen(node):
    """Visible and with a size. Cheap, but GTK 4.8 keeps both for the children of a stack
    page that was shown once and is hidden now: see shown()."""
    if "visible" not in states(node):
        return False
    if "Component" not in (_safe(node.get_interfaces, []) or []):
        return True     # GtkStackPage and the like: no geometry of their own
    ext = _extents(node)
    return ext is not None and ext.width > 0 and ext.height > 0


def _window_of(node):
    n = node
    while n is not None and role_of(n) not in ("frame", "dialog", "window"):
        n = _safe(n.get_parent)
    return n


def _path(node):
    return (_safe(node.get_process_id), _safe(lambda: node.path))


def shown(node):
    """What a person sees: the window's hit test lands on node or inside it (a stack page
    shown instead of node's, or a cover laid over it, takes the hits). GTK 4.8 answers no hit
    at all over some widgets (icons) and hits a container in its padding, so a few points are
    tried until one lands inside node or on something else."""
    if not on_screen(node):
        return False
    window = _window_of(node)
    ext = _extents(node)
    if window is None or ext is None:
        return False
    mine = _path(node)
    ancestors = set()
    a = _safe(node.get_parent)
    while a is not None and len(ancestors) < 64:
        ancestors.add(_path(a))
        a = _safe(a.get_parent)
    for fx, fy in ((0.5, 0.5), (0.2, 0.2), (0.8, 0.8), (0.2, 0.8), (0.8, 0.2), (0.5, 0.2),
                   (0.5, 0.8), (0.2, 0.5), (0.8, 0.5)):
        x, y = int(ext.x + ext.width * fx), int(ext.y + ext.height * fy)
        hit = _safe(lambda: Atspi.Component.get_accessible_at_point(window, x, y,
                                                                     Atspi.CoordType.WINDOW))
        if hit is None or _path(hit) in ancestors:
            continue
        for _ in range(64):
            if hit is None or _path(hit) in ancestors:
                break
            if _path(hit) == mine:
                return True
            hit = _safe(hit.get_parent)
        return False    # something that is not node, nor around it, is on top
    return False


def usable(node):
    return "sensitive" in states(node) and shown(node)


def _matches(node, role, name):
    if role is not None and role_of(node) != role:
        return False
    if name is None:
        return True
    n = name_of(node)
    if isinstance(name, re.Pattern):
        return bool(name.search(n))
    if callable(name):
        return bool(name(n))
    return n == name


def _walk(node, role, name, visible_only):
    stack = [node]
    while stack:
        n = stack.pop()
        if visible_only and n is not node and not on_screen(n):
            continue
        if _matches(n, role, name):
            yield n
        stack.extend(reversed(list(children(n))))


def find_all(node, role=None, name=None, visible_only=False):
    """Descendants (node included) matching role and name (a string, a regex or a
    predicate), depth first in tree order. visible_only skips hidden subtrees."""
    return list(_walk(node, role, name, visible_only))


def find(node, role=None, name=None, visible_only=False):
    """The first of find_all(), found without walking the rest of the tree."""
    return next(_walk(node, role, name, visible_only), None)


def wait_for(pred, timeout, what):
    """Poll pred() until it gives something truthy and return that; fail after timeout."""
    timeout *= SCALE
    deadline = time.monotonic() + timeout
    while True:
        _check_alive()
        try:
            value = pred()
        except (GLib.Error, RuntimeError):
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise StepFailed("gave up after %.0f s waiting for %s" % (timeout, what))
        time.sleep(0.1)


def _check_alive():
    app = App.current
    if app is not None and app.proc is not None and app.proc.poll() is not None:
        App.current = None
        raise StepFailed("the app ended unexpectedly with status %s" % app.proc.returncode)


def text_of(node):
    """The text a screen reader would read: the Text content, else the name."""
    _safe(node.clear_cache)
    if "Text" in (_safe(node.get_interfaces, []) or []):
        n = _safe(lambda: Atspi.Text.get_character_count(node), 0) or 0
        text = _safe(lambda: Atspi.Text.get_text(node, 0, n), "") if n else ""
        if text:
            return without_isolates(text)
    return name_of(node)


def all_text(node):
    """Every name, description and text on screen below node, one per line: what a screen
    reader could reach by walking the page."""
    lines = []
    for n in find_all(node, visible_only=True):
        for t in (name_of(n), without_isolates(_safe(n.get_description, "")), text_of(n)):
            if t and t not in lines[-3:]:
                lines.append(t)
    return "\n".join(lines)


def tree_text(node):
    """Everything the accessibility tree holds below node, shown or not, one item per line:
    names, descriptions, texts and values, what any assistive technology could read."""
    out = []
    for n in find_all(node):
        out += [name_of(n), without_isolates(_safe(n.get_description, "")), text_of(n)]
        if "Value" in (_safe(n.get_interfaces, []) or []):
            value = _safe(lambda: Atspi.Value.get_current_value(n))
            if value is not None:
                out.append("%s value %g" % (role_of(n), value))
    return "\n".join(t for t in out if t)


def actions(node):
    if "Action" not in (_safe(node.get_interfaces, []) or []):
        return []
    n = _safe(lambda: Atspi.Action.get_n_actions(node), 0) or 0
    return [Atspi.Action.get_action_name(node, i) for i in range(n)]


def describe(node):
    return "[%s %r]" % (role_of(node), name_of(node))


def press(node, settle=0.4):
    """Activate a control the way a screen reader does: its AT-SPI action. A GtkButton
    emits "clicked" 250 ms after the action, so wait settle seconds for it."""
    acts = actions(node)
    for want in ("click", "press", "activate", "toggle"):
        if want in acts:
            if not Atspi.Action.do_action(node, acts.index(want)):
                raise StepFailed("the %s action of %s failed" % (want, describe(node)))
            time.sleep(settle)
            return
    raise StepFailed("%s has no action to press (it has %s)" % (describe(node), acts))


def press_if_there(node, settle=0.4):
    """Press a control that the app may take away by itself in the meantime (a Continue that
    a computer-only step or a reading pause ends first; under ASan that race is common): if
    its action fails, the caller looks at the page again instead of failing the step."""
    try:
        press(node, settle)
        return True
    except StepFailed:
        time.sleep(settle)
        return False


def set_text(node, text):
    if not Atspi.EditableText.set_text_contents(node, text):
        raise StepFailed("could not type into %s" % describe(node))


def dump(node, file=sys.stdout, depth=0, visible_only=True):
    if visible_only and depth and not on_screen(node):
        return
    print("%s%s %r %s" % ("  " * depth, role_of(node), name_of(node),
                          ",".join(sorted(states(node) & {"sensitive", "focused", "checked",
                                                          "pressed", "selected"}))),
          file=file)
    for c in children(node):
        dump(c, file, depth + 1, visible_only)


def button(page, name, timeout=10, hit_test=True):
    """The shown, sensitive push button called name (string or regex). Without hit_test,
    visible and sized is enough (the title bar's buttons, which GTK 4.8 does not hit)."""
    def look():
        for b in find_all(page, "push button", name, True):
            if usable(b) if hit_test else ("sensitive" in states(b) and on_screen(b)):
                return b
        return None
    return wait_for(look, timeout, "a button %r" % (name,))


# ------------------------------------------------------------------------------ the app
class App:
    """The real program, uninstalled, in a private home: its own XDG data and config
    folders, GSettings in a keyfile there (animations off, the language asked for), so that
    a test can quit and start it again on the same saved games."""

    current = None      # the running app, whose screen a failed step shows

    def __init__(self, lineup=None, lang="en"):
        self.build = os.environ["LANDPARTIE_BUILD_DIR"]
        self.home = tempfile.TemporaryDirectory(prefix="lp-e2e-",
                                                dir=os.environ.get("E2E_SESSION_DIR"))
        self.data_home = os.path.join(self.home.name, "data")
        self.config_home = os.path.join(self.home.name, "config")
        self.proc = None
        self.root = None
        self.lang = lang
        self.lineup = lineup

    def write_settings(self):
        folder = os.path.join(self.config_home, "glib-2.0", "settings")
        os.makedirs(folder, exist_ok=True)
        lines = ["[io/github/landpartie/Landpartie]",
                 "language='%s'" % self.lang,
                 "animation-speed='off'",
                 "window-width=1180", "window-height=780"]
        if self.lineup is not None:
            text = json.dumps(self.lineup, ensure_ascii=False)
            lines.append("last-lineup='%s'" % text.replace("\\", "\\\\").replace("'", "\\'"))
        path = os.path.join(folder, "keyfile")
        if os.path.exists(path):
            return      # the app owns it after the first start (it remembers the line-up)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

    def save_path(self, kind):
        return os.path.join(self.data_home, "landpartie", kind + ".json")

    def saved(self, kind):
        """The saved game as it is on disk now, or None."""
        try:
            with open(self.save_path(kind), encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def start(self):
        self.write_settings()
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": self.data_home,
            "XDG_CONFIG_HOME": self.config_home,
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(self.build, "data"),
            "LANDPARTIE_LOCALEDIR": os.path.join(self.build, "po"),
            "LANGUAGE": self.lang, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable",
        })
        # The test environment turns off the accessibility bridge for widget tests.
        for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
            env.pop(name, None)
        if APP_G_DEBUG is not None:
            env["G_DEBUG"] = APP_G_DEBUG
        self.proc = subprocess.Popen([os.path.join(self.build, "src", "landpartie")], env=env)
        pid = self.proc.pid

        def look():
            if self.proc.poll() is not None:
                raise StepFailed("the app exited with status %s" % self.proc.returncode)
            for app in children(Atspi.get_desktop(0)):
                if _safe(app.get_process_id) == pid and (_safe(app.get_child_count, 0) or 0):
                    return app
            return None
        self.root = wait_for(look, 60, "the app on the accessibility bus")
        App.current = self
        return self.root

    def window(self):
        return wait_for(lambda: next((w for w in children(self.root)
                                      if role_of(w) == "frame"), None),
                        10, "the main window")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def close_window(self):
        """Quit as a person would: the Close button of the window's title bar. The app must
        end by itself."""
        press(button(self.window(), WORDS[self.lang]["close"], hit_test=False))
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            raise StepFailed("the app did not end within 20 s of closing its window") from None
        if self.proc.returncode != 0:
            raise StepFailed("the app ended with status %s" % self.proc.returncode)
        self.proc = None
        self.root = None
        App.current = None

    def quit(self):
        """Stop the app whatever state it is in (the end of a test, or a failed one)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        self.root = None
        App.current = None

    def screenshot(self, name):
        out = os.path.join(os.getcwd(), name)
        subprocess.run(["import", "-window", "root", out], check=True, timeout=30)
        log("screenshot " + out)
        return out

    def close(self):
        self.quit()
        self.home.cleanup()


# ------------------------------------------------------------------------------ playing
class Buttons:
    """The sensitive push buttons on screen below page, looked up by name (a string or a
    regex searched in the name); hit-tested only when asked for, as that is slow."""

    def __init__(self, page):
        self.all = [(name_of(b), b) for b in find_all(page, "push button", None, True)
                    if "sensitive" in states(b)]

    def get(self, name):
        for n, b in self.all:
            if (name.search(n) if isinstance(name, re.Pattern) else n == name) and shown(b):
                return b
        return None

    def names(self):
        return [n for n, b in self.all]


def play(page, decide, finished, what, stall=90, total=400, over=False):
    """Calls decide(page) again and again until finished(page) is true. decide does at most
    one thing and returns a short description of it (None when there was nothing for the
    human to do: a computer is playing). Fails when nothing changed for stall seconds (the
    game is stuck) or after total seconds. over: finished() asks whether the game is over,
    which it cannot be right after a decision."""
    stall *= SCALE
    total *= SCALE
    start = last = time.monotonic()
    n = 0
    done = None
    while True:
        _check_alive()
        # When finished() asks whether the game is over: right after a decision the game
        # goes on, and looking takes time.
        if not (over and done) and finished(page):
            log("%s: done after %d decisions, %.0f s" % (what, n, time.monotonic() - start))
            return n
        try:
            done = decide(page)
        except (GLib.Error, RuntimeError) as e:
            # A part of the page was rebuilt while we looked: look again.
            done = None
            log("looked again (%s)" % e)
        now = time.monotonic()
        if done:
            n += 1
            last = now
            if os.environ.get("E2E_VERBOSE"):
                log(done)
            time.sleep(0.05)
        else:
            time.sleep(0.15)
        if now - last > stall or now - start > total:
            raise StepFailed("%s: %s after %d decisions" % (
                what, "no progress for %d s" % stall if now - last > stall
                else "not finished within %d s" % total, n))


# ------------------------------------------------------------------------------ hand-overs
# What the shared steps look for, in the app's languages: the "Pass to …" cover and its
# button, the setup page, the window's Close, the start page's Continue, the winner screen.
WORDS = {
    "en": {"pass": "Pass to ", "show": "Show", "name": "Name of player 1", "close": "Close",
           "start": "Start Game", "continue": "Continue %s",
           "winner": re.compile(r"^(.+ wins!|.+ share the win!)$", re.M),
           "play again": re.compile(r"\bPlay [Aa]gain\b"),
           "back": re.compile(r"\bBack to [Gg]ames\b")},
    "de": {"pass": "Weitergeben an ", "show": "Aufdecken", "name": "Name von Spieler 1",
           "close": "Schließen",
           "start": "Spiel starten", "continue": "%s fortsetzen",
           "winner": re.compile(r"^(.+ gewinnt!|.+ teilen sich den Sieg!)$", re.M),
           "play again": re.compile(r"\bNoch_?mal spielen\b"),
           "back": re.compile(r"\bZurück zu den Spielen\b")},
}
KEY_ENTER, KEY_TAB, KEY_SPACE, KEY_SHIFT = 0xff0d, 0xff09, 0x20, 0xffe1
CONTROL_MASK = 1 << 2


def key(keysym, modifiers=0):
    """A key pressed and released, with modifiers (CONTROL_MASK …) held down."""
    if modifiers:
        Atspi.generate_keyboard_event(modifiers, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)
    finally:
        if modifiers:
            Atspi.generate_keyboard_event(modifiers, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def focused(node):
    """The shown node below node that has the keyboard focus, or None."""
    for n in find_all(node, visible_only=True):
        _safe(n.clear_cache)
        if "focused" in states(n):
            return n
    return None


def enter_burst():
    """Three quick Enter presses, as a held or double Enter of the person before."""
    for _ in range(3):
        key(KEY_ENTER)
        time.sleep(0.06)
    time.sleep(0.2)


class HandOver:
    """Two or more people at one screen (issues 10 and 36). decide(page) stands in for the
    player's: whenever the window shows a "Pass to …" cover it
      * while the cover's guard time runs (its Show is insensitive), keeps it running with
        stray Shift presses and sends three quick Enter presses, as a held or double Enter of
        the person before, and fails if anything happened: the cover must still be up for the
        same person, the game on the page, and the saved game unchanged for that person (a
        cover seen only after its guard time gets no burst: self.late counts those);
      * reads everything the accessibility tree holds, shown or not, and fails if a secret
        of anybody is in it: player.leak(window, text, None) names what it found, or None;
      * shows once the guard time is over: the first time, and after Continue, by Tab and
        Enter, which also proves that the key presses above reach the app and that the focus
        was on the cover; then in turn by Enter alone and Space alone (Show is the default,
        issue 36) and by pressing Show; and then fails if the person now looking sees a
        secret of another: player.leak(window, None, name).
    Otherwise the player decides. player.viewer is the person the cover was lifted for, and
    player.hand_over this HandOver (its saved() tells what the seats hold)."""

    def __init__(self, app, kind, player):
        self.app = app
        self.kind = kind
        self.player = player
        self.words = WORDS[app.lang]
        self.covers = 0
        self.bursts = 0     # covers that took a burst in their guard time
        self.late = 0       # covers first seen after their guard time
        self.shown_by = {}  # how each cover was lifted: "Tab+Enter", "Enter" …
        player.viewer = None
        player.hand_over = self

    def cover(self, window):
        """The "Pass to …" cover, when it is what the window shows."""
        for c in find_all(window, "panel", re.compile("^" + re.escape(self.words["pass"])),
                          True):
            if shown(c):
                return c
        return None

    def _guarded(self, c):
        """The cover's guard time runs: its Show button is there and insensitive."""
        show = find(c, "push button", self.words["show"])
        if show is None:
            return False
        _safe(show.clear_cache)
        return "sensitive" not in states(show)

    def saved(self):
        """The saved game as it is on disk now, or None: what the test knows of every seat's
        secrets (the app saves after every completed action)."""
        return self.app.saved(self.kind)

    def _seat_state(self, person):
        """What the saved game holds of person's own (the entries for their seat of every
        per-seat list: hand, route, chips, estimate …): the computers may play on while the
        cover waits for a person, but nothing of that person may change."""
        saved = self.saved()
        if saved is None:
            return None
        names = [p.get("name") for p in saved.get("players", [])]
        if person not in names:
            return None
        seat = names.index(person)
        return {k: v[seat] for k, v in saved.get("state", {}).items()
                if isinstance(v, list) and len(v) == len(names)}

    def _settled_seat_state(self, person, meanwhile=None):
        """_seat_state() once it stops changing: the app writes each action on a worker
        thread, with an fsync, so the file can still be on its way to the move before the
        cover (the computers' moves change only their own seats). meanwhile() is called
        every 0.15 s while it waits."""
        last = self._seat_state(person)
        deadline = time.monotonic() + 3 * SCALE
        while time.monotonic() < deadline:
            time.sleep(0.15)
            if meanwhile is not None:
                meanwhile()
            now = self._seat_state(person)
            if now == last:
                break
            last = now
        return last

    def decide(self, page):
        # The hands of the person before stay near the keyboard: a stray Shift at every look,
        # which does nothing but start a cover's guard time again, so that a cover that went
        # up while the test was busy elsewhere is found still guarded.
        key(KEY_SHIFT)
        window = self.app.window()
        c = self.cover(window)
        if c is None:
            return self.player.decide(page)
        return self.hand_over(window, c)

    def _burst(self, window, c, title, to):
        """Within the guard time: three quick Enter presses change nothing."""
        # A stray key of the person before starts the guard time again, so the burst below
        # falls into it however long the saved game takes to settle.
        stray = lambda: key(KEY_SHIFT)  # noqa: E731
        stray()
        time.sleep(0.05)
        if not self._guarded(c):
            return False
        mine = self._settled_seat_state(to, stray)
        enter_burst()
        again = self.cover(window)
        if again is None or name_of(again) != title:
            raise StepFailed("three Enter presses on %r in its guard time left %s" % (
                title, "no cover" if again is None else repr(name_of(again))))
        if find(window, "filler", re.compile(r"^(Bux|Minden|Aa)Page$"), True) is None:
            raise StepFailed("three Enter presses on %r left the game" % title)
        after = self._settled_seat_state(to)
        if after != mine:
            changed = sorted(k for k in set(mine or {}) | set(after or {})
                             if (mine or {}).get(k) != (after or {}).get(k))
            raise StepFailed("three Enter presses on %r changed what %s holds in the saved "
                             "game: %s" % (title, to, ", ".join(changed)))
        return True

    def hand_over(self, window, c, keyboard=False):
        """One cover: the checks above, then Show; by Tab and Enter when keyboard is set
        and at the first cover of a game."""
        title = name_of(c)
        to = title[len(self.words["pass"]):]
        self.covers += 1
        if self._guarded(c) and self._burst(window, c, title, to):
            self.bursts += 1
        else:
            self.late += 1
            log("%r was first seen after its guard time: no burst" % title)
        leak = self.player.leak(window, tree_text(window), None)
        if leak:
            raise StepFailed("while the screen says %r, the accessibility tree holds %s"
                             % (title, leak))
        # Show becomes sensitive when the guard time is over.
        show = button(window, self.words["show"], timeout=5)
        if keyboard or self.covers == 1:
            # The focus is on the cover, not on Show (nor on what the window focused when it
            # showed the page): Tab reaches Show, Enter presses it.
            how, keys = "Tab+Enter", (KEY_TAB, KEY_ENTER)
        elif self.covers % 3 == 2:
            # Issue 36: after the guard time Show is the default, with the focus on the cover.
            how, keys = "Enter", (KEY_ENTER,)
        elif self.covers % 3 == 0:
            how, keys = "Space", (KEY_SPACE,)
        else:
            how, keys = "Show", ()
        if keys:
            for k in keys:
                key(k)
                time.sleep(0.1)
            wait_for(lambda: self.cover(window) is None, 5,
                     "the cover to go after %s (do key presses reach the app?)" % how)
        else:
            press(show, settle=0.1)
            wait_for(lambda: self.cover(window) is None, 5, "the cover to go after Show")
        self.shown_by[how] = self.shown_by.get(how, 0) + 1
        self.player.viewer = to
        leak = self.player.leak(window, None, to)
        if leak:
            raise StepFailed("after %r, %s sees %s" % (title, to, leak))
        return "passed to %s" % to

    def check(self):
        """At the end of a game: bursts landed in three guard times at least (all when there
        were fewer covers; the test sees some covers late, more so on a slow machine), and
        each way of showing was used."""
        log("%d covers: %d bursts in the guard time, %d seen late; shown by %s" % (
            self.covers, self.bursts, self.late, self.shown_by))
        if self.bursts < min(3, self.covers):
            raise StepFailed("only %d of %d covers took a burst in their guard time"
                             % (self.bursts, self.covers))
        if self.covers >= 4 and not {"Tab+Enter", "Enter", "Space"} <= set(self.shown_by):
            raise StepFailed("the covers were shown by %s only" % self.shown_by)


def start_game(app, game_name, first_player):
    """From the start page through the setup page into a new game: the tile, the first
    player's name typed in, Start Game. The rest of the line-up comes from last-lineup."""
    words = WORDS[app.lang]
    window = app.window()
    press(button(window, game_name))
    entry = wait_for(lambda: find(window, "text", words["name"], True), 10,
                     "the setup page's name field of player 1")
    set_text(entry, first_player)
    wait_for(lambda: text_of(entry) == first_player, 5, "the typed name in the name field")
    press(button(window, words["start"]))
    return game_page(app)


def game_page(app):
    window = app.window()
    return wait_for(lambda: find(window, "filler", re.compile(r"^(Bux|Minden|Aa)Page$"), True),
                    15, "the game page")


def continue_game(app, game_name):
    """The start page lists the saved game; its Continue button resumes it."""
    window = app.window()
    press(button(window, WORDS[app.lang]["continue"] % game_name, timeout=15))
    return game_page(app)


def play_through(game_name, kind, lineup, human, player, warmup=5, total=420, lang="en"):
    """The test every game gets: a new game from the start and setup pages, warmup
    decisions, the save on disk, quit by closing the window, start again, Continue, on to the
    winner screen, which must name the winner and rank everybody; then a screenshot
    <kind>-end.png. player knows the game: decide(page) makes one decision,
    human_turn(page), progress(page) (a line that says how far the game is), over(page) and
    ranking(page) (the lines of the ranking on screen); player.quit_point(page), if it has
    one, says where to quit after warmup decisions (else at the person's turn);
    player.at_end(page), if it has one, checks the winner screen further. With two or
    more people in the line-up every "Pass to …" cover goes through a HandOver, and
    player.leak() says what a person must not see. lang is the app's language. Returns the
    HandOver, or None."""
    app = App(lineup, lang)
    words = WORDS[lang]
    quit_point = getattr(player, "quit_point", player.human_turn)
    names = [human] + [p["name"] for p in lineup["players"][1:]]
    people = sum(1 for p in lineup["players"] if p["kind"] == "human")
    hand_over = HandOver(app, kind, player) if people > 1 else None
    decide = hand_over.decide if hand_over else player.decide
    try:
        with step("start the app and a new game from the setup page", 90):
            app.start()
            page = start_game(app, game_name, human)
            wait_for(lambda: find(app.window(), None,
                                  re.compile(r"\b%s\b" % re.escape(human)), True),
                     15, "the typed name %s in the window" % human)
        with step("play the first decisions", 180):
            play(page, decide,
                 lambda p: player.decisions >= warmup and quit_point(p),
                 "the first %d decisions" % warmup)
        with step("the game is saved while it runs", 20):
            wait_for(lambda: os.path.exists(app.save_path(kind)), 10,
                     "the saved game " + app.save_path(kind))
            before = player.progress(page)
            looking = player.viewer if hand_over else None
            log("quitting at: %s%s" % (before, "; %s looks" % looking if looking else ""))
        with step("quit by closing the window", 40):
            app.close_window()
        with step("start again: the start page offers to continue, and continues", 90):
            app.start()
            page = continue_game(app, game_name)
            if hand_over:
                # Where the person who was looking had something secret on screen, the game
                # goes on behind a cover for them.
                window = app.window()
                c = wait_for(lambda: hand_over.cover(window) or player.human_turn(page), 20,
                             "a cover or the person's turn after continuing")
                if c is not True:
                    if looking is None or name_of(c) != hand_over.words["pass"] + looking:
                        raise StepFailed("continued with %r, but %s was looking when the game "
                                         "was quit" % (name_of(c), looking))
                    hand_over.hand_over(window, c, keyboard=True)
            wait_for(lambda: player.human_turn(page), 20, "the person's turn after continuing")
            after = player.progress(page)
            if after != before:
                raise StepFailed("continued at %r, but quit at %r" % (after, before))
        with step("play to the end", total + 20):
            play(page, decide, player.over, "the rest of the game", total=total, over=True)
        with step("the winner screen", 30):
            text = all_text(page)
            title = words["winner"].search(text)
            if title is None:
                raise StepFailed("no winner title on screen:\n" + text)
            lines = player.ranking(page)
            log("%s | %s" % (title.group(0), " | ".join(lines)))
            for who in names:
                if not any(re.match(r"^\d+\. %s\b" % re.escape(who), line) for line in lines):
                    raise StepFailed("%s is not in the ranking: %s" % (who, lines))
            first = re.match(r"^1\. (.+?)(:| — )", lines[0])
            if first is None or first.group(1) not in title.group(0):
                raise StepFailed("the title says %r but the ranking starts with %r"
                                 % (title.group(0), lines[0]))
            if hasattr(player, "at_end"):
                player.at_end(page)
            # In the page or, once, in the header (which GTK 4.8 does not hit-test).
            button(app.window(), words["play again"], hit_test=False)
            if os.path.exists(app.save_path(kind)):
                raise StepFailed("the finished game left its save behind")
            time.sleep(0.5)     # the last frame
            app.screenshot(kind + "-end.png")
        with step("back to the games: nothing left to continue", 30):
            press(button(page, words["back"]))
            window = app.window()
            wait_for(lambda: find(window, "push button", game_name, True), 10, "the start page")
            if find(window, "push button", words["continue"] % game_name, True) is not None:
                raise StepFailed("the start page still offers to continue the finished game")
        if hand_over:
            with step("the hand-overs", 5):
                hand_over.check()
        return hand_over
    finally:
        app.close()


def main(run):
    """Runs run() and turns a failed step into a clear message and exit status 1."""
    try:
        run()
    except StepFailed as e:
        log("FAIL: %s" % e)
        return 1
    log("PASS")
    return 0
