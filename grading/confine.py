"""Confine a process with Linux's Landlock: it may read (and run) only what it is given to read,
and write only where it is given to write; it can no longer ptrace, nor (from Landlock's ABI
version 6 on) signal, any process it did not start, nor (from version 4 on) bind or connect a
TCP socket; and it keeps none of root's capabilities. The rules hold for good, for the process
and for everything it starts; Landlock needs no privilege and binds root too.

`leave_network` takes a process off the machine's network altogether (UDP too): into a network
namespace of its own, where there is nothing but a loopback device left down.

`landlock_abi` is 0 where the system has no Landlock (another system, an older Linux, Landlock
left out at boot): there nothing can be confined.
"""

import ctypes
import errno
import functools
import os
import subprocess
import sys
from collections.abc import Callable, Iterable

# <linux/landlock.h>: the system calls have the same numbers on every architecture.
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1 << 0
RULE_PATH_BENEATH = 1
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
TRUNCATE, IOCTL_DEV = 1 << 14, 1 << 15
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV  # a rule on a file: these
READ = EXECUTE | READ_FILE | READ_DIR
# How many of the file system's access rights (the low bits) each ABI version handles: version 2
# added REFER, 3 TRUNCATE, 5 IOCTL_DEV.
FILE_SYSTEM_BITS = {1: 13, 2: 14, 3: 15, 4: 15, 5: 16}
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI version 4
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI version 6
# <linux/prctl.h>, <linux/capability.h>
PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 1, 36, 38
# <linux/sched.h>
CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
CAPABILITY_VERSION_3 = 0x20080522

UNAVAILABLE = (errno.ENOSYS, errno.EOPNOTSUPP)  # no Landlock in this kernel, or not enabled


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _CapabilityHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapabilityData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _call(name: str, function: Callable[..., int], *arguments: object) -> int:
    """The C function's result; an OSError naming it when it fails."""
    result = function(*arguments)
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{name}: {os.strerror(number)}")
    return int(result)


def _syscall(number: int, *arguments: object) -> int:
    names = {CREATE_RULESET: "landlock_create_ruleset", ADD_RULE: "landlock_add_rule",
             RESTRICT_SELF: "landlock_restrict_self"}
    return _call(names[number], _libc().syscall, ctypes.c_long(number), *arguments)


def prctl(option: int, value: int) -> None:
    """Set one of this process's attributes (`man 2 prctl`)."""
    _call("prctl", _libc().prctl, ctypes.c_int(option), ctypes.c_ulong(value), ctypes.c_ulong(0),
          ctypes.c_ulong(0), ctypes.c_ulong(0))


def landlock_abi() -> int:
    """The version of Landlock this system offers; 0 where it has none."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        return _syscall(CREATE_RULESET, None, ctypes.c_size_t(0),
                        ctypes.c_uint32(CREATE_RULESET_VERSION))
    except OSError as error:
        if error.errno in UNAVAILABLE:
            return 0
        raise


def _handled_rights(abi: int) -> int:
    return (1 << FILE_SYSTEM_BITS[min(abi, max(FILE_SYSTEM_BITS))]) - 1


def _allow(ruleset: int, path: str, rights: int) -> None:
    """Grant `rights` beneath `path` (on a file: those of them a file can have)."""
    descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
    try:
        if not os.path.isdir(path):
            rights &= FILE_RIGHTS
        rule = _PathBeneathAttr(allowed_access=rights, parent_fd=descriptor)
        _syscall(ADD_RULE, ctypes.c_long(ruleset), ctypes.c_long(RULE_PATH_BENEATH),
                 ctypes.byref(rule), ctypes.c_uint32(0))
    finally:
        os.close(descriptor)


def _own_user_namespace() -> None:
    """Enter a user namespace of its own, with this process's user and group mapped to
    themselves: there it may make a network namespace without any privilege on the machine."""
    user, group = os.getuid(), os.getgid()
    _call("unshare", _libc().unshare, ctypes.c_int(CLONE_NEWUSER))
    for name, text in (("setgroups", "deny"), ("uid_map", f"{user} {user} 1"),
                       ("gid_map", f"{group} {group} 1")):
        with open(f"/proc/self/{name}", "w") as settings:
            settings.write(text)


def leave_network() -> None:
    """Move this process, and all it will start, into a network namespace of its own: it
    reaches no other machine, nor this one's loopback. Where making one needs a privilege it
    has not, it first enters a user namespace of its own. Fails (OSError) where the system
    allows neither. Unix sockets bound to files still work: they are files."""
    unshare = _libc().unshare
    try:
        _call("unshare", unshare, ctypes.c_int(CLONE_NEWNET))
    except PermissionError:
        _own_user_namespace()
        _call("unshare", unshare, ctypes.c_int(CLONE_NEWNET))


@functools.cache
def network_can_be_left() -> bool:
    """Whether `leave_network` works on this system, tried once in a process of its own."""
    if not sys.platform.startswith("linux"):
        return False
    trial = [sys.executable, "-c", f"import {__name__}; {__name__}.leave_network()"]
    return subprocess.run(trial, capture_output=True, check=False).returncode == 0


def drop_capabilities() -> None:
    """Give up every capability (root's too): what the process is allowed is its user's alone.
    After PR_SET_NO_NEW_PRIVS, running a program gives none back."""
    header = _CapabilityHeader(version=CAPABILITY_VERSION_3, pid=0)
    data = (_CapabilityData * 2)()
    _call("capset", _libc().capset, ctypes.byref(header), data)


def confine(read: Iterable[str], write: Iterable[str]) -> None:
    """Confine this process: it may read and run files beneath `read`, do anything beneath
    `write`, and nothing else with the file system; paths that do not exist are left out. From
    ABI version 4 on, it may neither bind nor connect a TCP socket. Fails (OSError) where
    Landlock is unavailable: see `landlock_abi`."""
    abi = landlock_abi()
    if abi == 0:
        raise OSError(errno.EOPNOTSUPP, "this system offers no Landlock")
    handled = _handled_rights(abi)
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    network = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0  # handled, and no rule allows it
    attributes = _RulesetAttr(handled_access_fs=handled, handled_access_net=network,
                              scoped=scoped)
    ruleset = _syscall(CREATE_RULESET, ctypes.byref(attributes),
                       ctypes.c_size_t(ctypes.sizeof(attributes)), ctypes.c_uint32(0))
    try:
        for paths, rights in ((read, READ), (write, handled)):
            for path in paths:
                if os.path.exists(path):
                    _allow(ruleset, path, rights)
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        _syscall(RESTRICT_SELF, ctypes.c_long(ruleset), ctypes.c_uint32(0))
    finally:
        os.close(ruleset)
    drop_capabilities()
