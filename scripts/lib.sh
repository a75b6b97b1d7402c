# Shared by start.sh and test.sh: the pinned pnpm, run through npx so nothing is installed globally.
PNPM_VERSION=10.34.8
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
pnpm() { npx --yes "pnpm@${PNPM_VERSION}" "$@"; }

need_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 20 ]; then
    echo "Node 20.19 or newer is required (found $(node -v))." >&2
    exit 1
  fi
}

# Installs a Debian package when its command is missing: as root with apt-get, otherwise stops.
ensure_debian_package() {
  local command_path=$1 package=$2
  [ -x "$command_path" ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "Missing $command_path. Install Debian's '$package' package (sudo apt-get install $package) and run again." >&2
    exit 1
  fi
  echo "Installing Debian's $package…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

# Copies the work tree into $1 as the generator's test needs it: the files git tracks (and the
# new ones it does not ignore), each package's node_modules (pnpm's links, which point inside the
# copy) and the root's, whose package store is linked rather than copied. About 14 MB, under a second.
copy_tree() {
  local dest=$1
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -a -t "$dest"
  find . -name node_modules -type d -prune -not -path ./node_modules -print0 |
    xargs -0 cp --parents -a -t "$dest"
  mkdir -p "$dest/node_modules"
  find node_modules -mindepth 1 -maxdepth 1 ! -name .pnpm -exec cp -a -t "$dest/node_modules" {} +
  ln -s "$PWD/node_modules/.pnpm" "$dest/node_modules/.pnpm"
}
