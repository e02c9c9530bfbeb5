"""navviz in LLDB: capture the paused app's view-controller hierarchy for navviz.

Load it once per session (or from ~/.lldbinit):

    command script import /path/to/navviz/scripts/navviz_lldb.py

Then, with the app paused:

    navviz capture -o ~/Desktop/home.txt                          # write the dump to a file
    navviz capture --post http://127.0.0.1:7381 --session myapp   # send it to `navviz serve`
    navviz capture --post --kind PSUIPrefsRootController=navigation  # a class's kind, as `navviz import --kind`

`navviz capture` evaluates `[UIViewController _printHierarchy]` in the paused process (UIKit's own,
private, debug-only printer) and writes or posts the text it returns. `navviz render home.txt` draws
it; `navviz import a.txt b.txt -o flow.json` turns several captures into a scenario. Posting creates
the session when it does not exist yet, then posts the dump as `text/plain` to
`/api/sessions/ID/snapshots`, so the browser at the daemon's address follows the app (a session it
created for a dump the daemon refused is deleted again).

The same file runs outside LLDB to post a saved dump:

    python3 navviz_lldb.py post --url http://127.0.0.1:7381 --session myapp home.txt

A daemon with a token: put it in NAVVIZ_TOKEN (`--token` is seen by every user's `ps`). Before the token is
sent, the daemon proves it holds it (`/api/proof`), as the viewer checks: another program on the port gets
neither the token nor the dump.
"""

import argparse
import hashlib
import hmac
import http.client
import json
import os
import re
import secrets
import shlex
import socket
import sys
import urllib.parse

EXPRESSION = "(id)[UIViewController _printHierarchy]"
DEFAULT_URL = "http://127.0.0.1:7381"


class CaptureError(Exception):
    """A capture that could not be taken, written or posted; the message says why."""


class UsageError(Exception):
    """A command line argparse refused: its message, said once (argparse printed its usage, then LLDB's error did)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def parser(prog):
    p = _Parser(prog=prog, description="Capture the view-controller hierarchy for navviz.")
    p.add_argument("-o", "--output", help="write the dump to this file")
    p.add_argument("--post", metavar="URL", nargs="?", const=DEFAULT_URL,
                   help="post the dump to navviz serve at URL (default %s)" % DEFAULT_URL)
    p.add_argument("--session", default="lldb", help="the daemon session to post to (default: lldb)")
    p.add_argument("--token", default=os.environ.get("NAVVIZ_TOKEN"),
                   help="the daemon's token, when it has one (default: $NAVVIZ_TOKEN, which ps does not show)")
    p.add_argument("--kind", action="append", default=[], metavar="Class=kind",
                   help="treat a captured class as navigation, tab, split or controller (repeatable), as navviz import --kind")
    return p


# How long the daemon may take to answer once reached (reading a dump of tens of thousands of controllers takes seconds).
ANSWER_SECONDS = 120


def with_scheme(url):
    """`127.0.0.1:7381` as `http://127.0.0.1:7381`: the form curl takes, and the docs' examples use (a trial's was refused
    as not http://)."""
    return url if "://" in url else "http://" + url


def address(url):
    """`127.0.0.1:7381`, `[::1]:7381`: the address `url` names, as a daemon's proof names it."""
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").lower()
    return "%s:%d" % ("[%s]" % host if ":" in host else host, parts.port or (443 if parts.scheme == "https" else 80))


def connect(url):
    """A connection to the daemon at `url`, and the address it reached (`127.0.0.1:7381`): the host resolved here, the
    connection made to that address, with no proxy and no redirect followed (another user's proxy, or a name that
    resolves to their address first, got the token and the dump: a security review)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http":
        raise CaptureError("navviz serve is reached over http://, not %s://" % parts.scheme)
    port = parts.port or 80
    try:
        infos = socket.getaddrinfo(parts.hostname or "", port, type=socket.SOCK_STREAM)
    except OSError as error:
        raise CaptureError("cannot reach navviz serve at %s: %s (is the address right?)" % (url, error))
    family, _, _, _, sockaddr = infos[0]
    ip = sockaddr[0]
    if ip.lower().startswith("::ffff:") and "." in ip:
        ip = ip[len("::ffff:"):]
    reached = "[%s]:%d" % (ip.lower(), port) if ":" in ip else "%s:%d" % (ip, port)
    connection = http.client.HTTPConnection(ip, port, timeout=10)
    try:
        connection.connect()
    except OSError as error:
        raise CaptureError("cannot reach navviz serve at %s: %s (is `navviz serve` running?)" % (url, error))
    # Reached: a large dump can take the daemon longer than 10 s to read (a trial's 38,000 controllers took 11 s, and
    # the capture it had taken was said as a daemon not reached).
    connection.sock.settimeout(ANSWER_SECONDS)
    return connection, reached


def prove(connection, reached, token, base):
    """Asks the daemon on `connection` to prove it holds `token` (HMAC-SHA256 of `navviz-proof:ADDRESS:NONCE`, the
    address the connection reached), before the token goes over that same connection: another program on the port
    (another user's, while the daemon was down) cannot."""
    nonce = secrets.token_hex(32)
    expected = hmac.new(token.encode("utf-8"), ("navviz-proof:%s:%s" % (reached, nonce)).encode("utf-8"),
                        hashlib.sha256).hexdigest()
    connection.request("GET", "/api/proof?nonce=" + nonce, headers={"Host": reached})
    response = connection.getresponse()
    body = response.read()
    if response.status == 404:
        # A daemon without a token has no proof to give: said so, and nothing sent.
        raise CaptureError("what answers at %s has no token (it has no proof to give), so neither the token nor the dump was "
                           "sent: if it is your navviz serve, leave NAVVIZ_TOKEN and --token out; else another program holds "
                           "the port (check navviz serve's output)" % base)
    try:
        proof = json.loads(body).get("proof") if response.status == 200 else None
    except (ValueError, AttributeError):
        proof = None
    if not isinstance(proof, str) or not hmac.compare_digest(proof, expected):
        raise CaptureError("what answers at %s could not prove it is the navviz serve that holds the token, so neither the "
                           "token nor the dump was sent: check the token, and use the address navviz serve printed" % base)


def request(url, data=None, content_type=None, token=None, method=None):
    """One HTTP exchange; returns (status, body text). Never sends an Origin header. With a token, the proof and the
    request go over one connection to the address resolved here."""
    parts = urllib.parse.urlsplit(url)
    base = "%s://%s" % (parts.scheme, parts.netloc)
    connection, reached = connect(url)
    try:
        headers = {"Host": reached}
        if content_type:
            headers["Content-Type"] = content_type
        if token:
            prove(connection, reached, token, base)
            headers["Authorization"] = "Bearer " + token
        path = parts.path + ("?" + parts.query if parts.query else "")
        connection.request(method or ("POST" if data is not None else "GET"), path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    except socket.timeout:
        raise CaptureError("navviz serve at %s took the request but did not answer within %d s: it may still take it; see "
                           "the viewer before posting it again" % (base, ANSWER_SECONDS))
    except (OSError, http.client.HTTPException) as error:
        raise CaptureError("cannot reach navviz serve at %s: %s (is `navviz serve` running?)" % (base, error))
    finally:
        connection.close()


def message(body):
    try:
        return json.loads(body)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return body.strip()


def post(dump, url, session, token=None, kinds=()):
    """Posts a dump as a snapshot of `session`, creating the session first when it does not exist (and deleting
    it again when the daemon refuses the dump, so a refused first capture leaves no empty session)."""
    base = with_scheme(url).rstrip("/")
    # Checked here, in the daemon's words: a space made the URL unsendable, said as "cannot reach navviz serve" (a trial).
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_-]{0,63}", session):
        raise CaptureError("Invalid session id '%s': use 1 to 64 letters, digits, '-' or '_', not starting with '-'" % session)
    status, body = request("%s/api/sessions/%s" % (base, session), token=token)
    created = False
    if status == 404:
        payload = json.dumps({"id": session, "name": session}).encode("utf-8")
        status, body = request(base + "/api/sessions", payload, "application/json", token, "POST")
        if status != 201:
            raise CaptureError("could not create session '%s': %s" % (session, message(body)))
        created = True
    elif status != 200:
        raise CaptureError("navviz serve answered %d: %s" % (status, message(body)))
    query = ("?" + urllib.parse.urlencode([("kind", kind) for kind in kinds])) if kinds else ""
    status, body = request("%s/api/sessions/%s/snapshots%s" % (base, session, query), dump.encode("utf-8"),
                           "text/plain; charset=utf-8", token, "POST")
    if status != 201:
        if created:
            request("%s/api/sessions/%s" % (base, session), token=token, method="DELETE")
        raise CaptureError("the snapshot was refused (%d): %s" % (status, message(body)))
    step = json.loads(body)
    return "posted step %d to session '%s': visible %s (%s/)" % (step["index"], session, step.get("visible"), base)


def write(dump, path):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(dump if dump.endswith("\n") else dump + "\n")
    return "wrote %s" % path


def deliver(dump, args):
    """Writes and/or posts a dump as the arguments say; returns what was done, one line each."""
    done = []
    if args.output:
        done.append(write(dump, args.output))
    if args.post:
        done.append(post(dump, args.post, args.session, args.token, args.kind))
    if not done:
        done.append(dump)
    return "\n".join(done)


def evaluate(frame):
    """Runs `[UIViewController _printHierarchy]` in the paused process and returns its text."""
    import lldb  # only inside LLDB

    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeObjC)
    options.SetTimeoutInMicroSeconds(10 * 1000 * 1000)
    options.SetTryAllThreads(True)
    value = frame.EvaluateExpression(EXPRESSION, options)
    error = value.GetError()
    if error is not None and error.Fail():
        raise CaptureError("could not run _printHierarchy: %s (is the app paused, and does it link UIKit?)" % error.GetCString())
    text = value.GetObjectDescription()
    if not text:
        raise CaptureError("_printHierarchy returned nothing: the app may have no window yet")
    return text


def capture(debugger, command, result, internal_dict):
    """`navviz capture [-o FILE] [--post [URL] --session ID]` in LLDB."""
    try:
        args = parser("navviz capture").parse_args(shlex.split(command))
    except UsageError as error:
        result.SetError("navviz capture: %s\nusage: navviz capture [-o FILE] [--post [URL]] [--session ID] [--token TOKEN] "
                        "[--kind Class=kind]" % error)
        return
    except SystemExit:
        # --help: printed, nothing to capture.
        return
    frame = debugger.GetSelectedTarget().GetProcess().GetSelectedThread().GetSelectedFrame()
    try:
        result.AppendMessage(deliver(evaluate(frame), args))
    except (CaptureError, OSError) as error:
        result.SetError("navviz: %s" % error)


def navviz(debugger, command, result, internal_dict):
    """`navviz capture …`: the command LLDB knows."""
    words = shlex.split(command)
    if not words or words[0] != "capture":
        result.SetError("usage: navviz capture [-o FILE] [--post [URL]] [--session ID] [--token TOKEN] [--kind Class=kind]")
        return
    capture(debugger, " ".join(shlex.quote(w) for w in words[1:]), result, internal_dict)


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -f %s.navviz navviz" % __name__)


def main(argv):
    p = argparse.ArgumentParser(prog="navviz_lldb.py", description="Post a saved _printHierarchy dump to navviz serve.")
    sub = p.add_subparsers(dest="command", required=True)
    post_parser = sub.add_parser("post", help="post a dump file as a snapshot")
    post_parser.add_argument("file")
    post_parser.add_argument("--url", default=DEFAULT_URL)
    post_parser.add_argument("--session", default="lldb")
    post_parser.add_argument("--token", default=os.environ.get("NAVVIZ_TOKEN"),
                             help="the daemon's token (default: $NAVVIZ_TOKEN, which ps does not show)")
    post_parser.add_argument("--kind", action="append", default=[], metavar="Class=kind")
    args = p.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            print(post(handle.read(), args.url, args.session, args.token, args.kind))
    except UnicodeDecodeError as error:
        print("navviz_lldb.py: %s: not UTF-8 text (byte %d): a _printHierarchy dump is UTF-8" % (args.file, error.start + 1),
              file=sys.stderr)
        return 1
    except (CaptureError, OSError) as error:
        print("navviz_lldb.py: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
