"""Graph item ids of the Exchange kind: opaque, deterministic, URL-safe."""

from __future__ import annotations

import binascii
import hashlib

# URL-safe base64's alphabet from the standard one (`base64.urlsafe_b64encode`, in one step).
_URLSAFE = bytes.maketrans(b"+/", b"-_")


def exchange_id(app: str, kind: str, key: str, *, prefix: str, size: int) -> str:
    """`prefix` and the URL-safe base64 of `size` bytes (at most 64) of the SHA-256 of
    `app:kind:key`, repeated past its 32 bytes.

    The apps differ only in the prefix and the size, and keep theirs: the ids are in the
    worlds' state and the corpus (mail: `AAMkAD`..., 44 bytes; calendar: `AAMkA`, 30).
    """
    if not 0 < size <= 64:
        raise ValueError(f"size {size} is not 1 to 64 bytes")
    digest = hashlib.sha256(f"{app}:{kind}:{key}".encode()).digest()
    encoded = binascii.b2a_base64((digest * 2)[:size], newline=False).translate(_URLSAFE)
    return prefix + encoded.decode()
