#!/bin/sh
# A real single-node SLURM cluster (Debian's slurm-wlm and munge, started here as plain background
# processes with a private configuration on spare ports, loopback only, stopped and removed at the
# end) runs a wuzi-tournament run as a job array of shards with the merge as a dependent job
# (tournament/cluster/submit.sh), and the merged table equals the unsharded run's.
# Run by .ci/run, which installs the packages; skipped (and counted) when they are missing.
# Needs WUZI_BRAIN and WUZI_RUNNER, and root (the daemons run as root here).
. "$(dirname "$0")/check.sh"
for tool in munged slurmctld slurmd sbatch sinfo; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "SKIP SLURM: $tool is not installed (.ci/run installs slurm-wlm and munge)"
        echo "0 passed, 0 failed, 1 skipped"; exit 0
    fi
done
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/wuzi-slurm.XXXXXX)
chmod 755 "$work"
pids=
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null; done
    sleep 1
    for pid in $pids; do kill -9 "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/shared"
chmod 755 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$work/munge/munge.key"
munged --foreground --force --socket="$work/munge/munge.socket" --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed" > /dev/null 2>&1 &
pids="$pids $!"
node=$(hostname -s)
port=$((20000 + $$ % 20000))
export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=wuzitest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
sleep 0.5
slurmctld -D -i > "$work/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D > "$work/slurmd.out" 2>&1 &
pids="$pids $!"
up=no
for _ in $(seq 1 60); do
    if sinfo -h -o '%t' 2>/dev/null | grep -q idle; then up=yes; break; fi
    sleep 0.5
done
check "a one-node cluster comes up" [ $up = yes ]
if [ $up != yes ]; then
    tail -5 "$work/slurmctld.log" "$work/slurmd.log" "$work/munge/munged.log" 2>/dev/null
    echo "$passed passed, $failed failed"; exit 1
fi
cd "$work/shared"
set -- -engine name=d2 "cmd=$WUZI_BRAIN --level depth2" -engine name=g "cmd=$WUZI_BRAIN --level greedy" \
    -each tc=0/5 -games 6 -repeat -openings file="$here/tournament/openings/freestyle-15.txt" \
    order=random -seed 11
"$WUZI_RUNNER" "$@" > single.out 2>&1
timeout 300 "$here/tournament/cluster/submit.sh" -n 3 -d shards -w -- "$WUZI_RUNNER" "$@" > submit.out 2>&1
final() { sed -n '/^Results of/,/^$/p;/^Rank/,/^$/p' "$1" | grep -v '^$'; }
check "three array tasks wrote their shards" sh -c '[ -s shards/shard-1.jsonl ] && [ -s shards/shard-2.jsonl ] && [ -s shards/shard-3.jsonl ]'
check "the dependent merge ran after them" grep -q "All 6 games of the schedule are here" shards/merged.txt
check "the merged table is the unsharded run's" sh -c "[ \"$(final single.out | md5sum)\" = \"$(final shards/merged.txt 2>/dev/null | md5sum)\" ]"
[ $failed -eq 0 ] || { cat submit.out; tail -5 "$work/slurmctld.log"; }
echo "$passed passed, $failed failed"
