#!/usr/bin/env python3
"""The batched delta sync request of `make bench` (bench/run.sh's benchmark A, bench/cluster.py):
one tRPC GET whose calls from FIRST on take {offset, until: offset} (an empty delta up to T, as
the client asks), the decks, entries and characters of the learner's language only
(languages: ["ko"]).

    bench/delta_request.py PROCS FIRST_INPUT_INDEX OFFSET   prints the path
"""
import json
import sys
import urllib.parse

BY_LANGUAGE = ("queryDecks", "queryEntries", "queryCharacters")


def path(procs, first, offset):
    names = procs.split(",")

    def page(name):
        p = {"offset": offset, "until": offset}
        if name in BY_LANGUAGE:
            p["languages"] = ["ko"]
        return p

    inputs = {str(i): page(names[i]) for i in range(first, len(names))}
    return f"/api/trpc/{procs}?batch=1&input=" + urllib.parse.quote(json.dumps(inputs, separators=(",", ":")))


if __name__ == "__main__":
    print(path(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
