# AppArmor profile for Skilldeck, loaded by the deb's post-install script (electron-builder's, which
# checks that this AppArmor understands ABI 4.0 first: Ubuntu 22.04's does not, and needs no profile).
# Ubuntu 23.10+ refuses unprivileged user namespaces to unconfined programs unless a profile grants
# them; Chromium's sandbox needs them. This grants only that and confines nothing else.
abi <abi/4.0>,
include <tunables/global>

profile skilldeck "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {
  userns,

  # Local additions: /etc/apparmor.d/local/skilldeck
  include if exists <local/skilldeck>
}
