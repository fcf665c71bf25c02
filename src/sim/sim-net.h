/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-sim host / join (issue 31): a headless host and a networked computer player. */
#pragma once

#include <glib.h>

/* argv[0] is "host" / "join" / "browse"; exit codes as src/sim/usage.txt says. */
int sim_host_main(int argc, char **argv);
int sim_join_main(int argc, char **argv);
int sim_browse_main(int argc, char **argv);
