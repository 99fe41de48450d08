#!/usr/bin/env bash
# Runs one package's tests and lists what they left in the temporary folder.
#
#   scripts/temp-leftovers.sh packages/campaign [jest arguments…]
#
# The tests run with TMPDIR set to a fresh, empty folder, so os.tmpdir() of every test (and of each
# process it starts) is that folder: whatever is in it once jest has ended was left behind by this
# package's tests. The folder is listed, counted and removed. Entries that appear directly in /tmp
# during the run are listed too (a path written without os.tmpdir()); other processes on the host
# can add to that second list. Jest keeps its transform cache where it would without this script
# (<os.tmpdir()>/jest_<uid>), a cache meant to outlive the run.
# Exit code: jest's, or 3 when the tests passed but left entries behind.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
package=${1:?usage: scripts/temp-leftovers.sh <package-folder> [jest arguments…]}
shift
temporary=$(mktemp -d /tmp/temp-leftovers-XXXXXX)
before=$(mktemp "$temporary.before-XXXXXX")
ls -A /tmp | sort >"$before"
# removed however the script ends (an interrupted run, a package folder that does not exist)
trap 'chmod -R u+rwX "$temporary" 2>/dev/null; rm -rf "$temporary" "$before"' EXIT

cd "$root/$package" || exit 2
cache=$(node -p "require('node:path').join(require('node:os').tmpdir(), 'jest_' + process.getuid().toString(36))")
TMPDIR="$temporary" node --experimental-vm-modules "$root/node_modules/jest/bin/jest.js" --cacheDirectory "$cache" "$@"
status=$?

left=$(ls -A "$temporary")
count=$(printf '%s' "$left" | grep -c . || true)
echo "temp-leftovers: $package left $count entr$([ "$count" = 1 ] && echo y || echo ies) in its TMPDIR${left:+:}"
[ -n "$left" ] && printf '%s\n' "$left" | sed 's/^/  /'
echo "temp-leftovers: new in /tmp during the run (may include other processes' files):"
ls -A /tmp | sort | comm -13 "$before" - | grep -v '^temp-leftovers-' | sed 's/^/  /'
[ "$status" -eq 0 ] && [ "$count" -gt 0 ] && status=3
exit "$status"
