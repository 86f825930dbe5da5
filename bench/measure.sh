# Sourced by bench/run.sh and bench/outputs.sh: timing and generated data.
# Needs $build, a Release build with RATEKIT_BUILD_BENCH=ON; data goes to
# $build/bench-data (never committed).

data="$build/bench-data"
mkdir -p "$data"
players=100000  # in every generated data set

# Runs untimed before each timed run; a script redefines it to clear a run's outputs.
before_run() { :; }

# Runs a command under /usr/bin/time; sets m_wall, m_cpu (user + sys) in seconds and m_kb (peak RSS).
measure() {
  before_run
  if ! /usr/bin/time -f "%e %U %S %M" -o "$data/time.txt" "$@" >"$data/last.log" 2>&1; then
    echo "failed: $* (output in $data/last.log)" >&2
    exit 1
  fi
  local user sys
  read -r m_wall user sys m_kb <"$data/time.txt"
  m_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}

# Runs a command RUNS times (default 5) and keeps the run of median wall time.
measure_median() {
  local runs=${RUNS:-5} all=() i
  for ((i = 0; i < runs; i++)); do
    measure "$@"
    all+=("$m_wall $m_cpu $m_kb")
  done
  read -r m_wall m_cpu m_kb < <(printf '%s\n' "${all[@]}" | sort -n | sed -n "$((runs / 2 + 1))p")
}

# Prints the folder of N generated games (N/games.csv), generating them once.
games_dir() {
  local dir="$data/$1"
  mkdir -p "$dir"
  [ -s "$dir/games.csv" ] ||
    "$build/bench/ratekit-generate" --players "$players" --games "$1" --seed 1 --games-csv "$dir/games.csv" >&2
  echo "$dir"
}
