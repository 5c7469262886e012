#!/usr/bin/env bash
# Installs what a fresh clone or a brand-new machine lacks, and says what it does:
# npm dependencies (when node_modules is missing or older than package-lock.json or a patch),
# Java for DynamoDB Local, and with --test the clients and browser the tests drive.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "prerequisites: $* missing and this machine has no apt-get; install it by hand." >&2
    exit 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "prerequisites: installing $* from Debian..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# A changed patch (patches/*.patch, applied by patch-package at install) needs a fresh install too: patching over a
# copy that an older patch already changed would apply both.
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || [ -n "$(find patches -newer node_modules/.package-lock.json -print -quit 2>/dev/null)" ]; then
  echo "prerequisites: installing npm dependencies (npm ci)..."
  npm ci --no-audit --no-fund
fi

if ! command -v java >/dev/null 2>&1; then
  apt_install default-jre-headless
fi

# With --test: the real clients and the browser the tests drive (s3cmd, rclone, openssl, Debian's Chromium for playwright-core, zbarimg, aria2c).
for arg in "$@"; do
  if [ "$arg" = "--test" ]; then
    command -v s3cmd >/dev/null 2>&1 || apt_install s3cmd
    command -v rclone >/dev/null 2>&1 || apt_install rclone
    # The fake Pix PSP makes its test certificates with the openssl CLI.
    command -v openssl >/dev/null 2>&1 || apt_install openssl
    [ -x /usr/bin/chromium ] || apt_install chromium
    # zbarimg reads the hosted Pix page's QR code back from a screenshot (test/e2e/pix-page.browser.test.ts).
    command -v zbarimg >/dev/null 2>&1 || apt_install zbar-tools
    # aria2c downloads an object through its torrent's web seed (test/integration/storage/object-torrent.test.ts).
    command -v aria2c >/dev/null 2>&1 || apt_install aria2
  fi
done
