"""The agency world's mail, calendars and spreadsheets: volumes, build time and the episode's
database sizes (`python bench/agency_comms.py`)."""

from __future__ import annotations

import time
from collections import Counter

from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec, generate_world
from arcadia.world.agency.comms import agency_comms

APPS = ("bullhorn", "mail", "calendar", "sheets")


def main() -> None:
    for seed in (1, 2, 3):
        w = generate_world(WorldSpec(name="agency", seed=seed))
        c, domain = w.comms, "@" + w.domain
        copies: Counter[str] = Counter()
        for m in c.mail:
            for a in {x.address for x in (m.sender, *m.to, *m.cc) if x.address.endswith(domain)}:
                copies[a] += 1
        books = [(s.title, len(s.tabs), sum(len(t.rows) - 1 for t in s.tabs))
                 for s in w.sheets.spreadsheets]
        print(f"seed {seed}: {len(c.mail)} messages in "
              f"{len({m.conversation_id for m in c.mail})} threads "
              f"{dict(Counter(m.kind for m in c.mail))}; {sum(copies.values())} mailbox copies "
              f"({min(copies.values())}-{max(copies.values())} per mailbox); "
              f"{len(c.folders)} folders; {len(c.meetings)} meetings "
              f"{dict(Counter(m.kind for m in c.meetings))}; spreadsheets "
              f"{books}")
    t = time.perf_counter()
    worlds = [generate_world(WorldSpec(name="agency", seed=s)) for s in range(1, 21)]
    print(f"agency world build: {(time.perf_counter() - t) / 20 * 1000:.0f} ms "
          "(mean of seeds 1-20, mail, calendars and sheets included)")
    t = time.perf_counter()
    for w in worlds[:10]:
        agency_comms(w)
    print(f"  of which agency_comms: {(time.perf_counter() - t) / 10 * 1000:.0f} ms")
    store = EpisodeStore(load_specs(APPS))
    t = time.perf_counter()
    tpl = store.template(WorldSpec(name="agency", seed=1))
    print(f"template (seed 1, {', '.join(APPS)}): {time.perf_counter() - t:.2f} s; databases "
          + ", ".join(f"{k} {db.size_bytes() / 1e6:.1f} MB" for k, db in tpl.dbs.items()))
    ep = store.create(WorldSpec(name="agency", seed=1))
    t = time.perf_counter()
    for app in APPS:
        ep.dbs[app]
    print(f"episode: cloning the four databases {(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
