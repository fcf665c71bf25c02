/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-sim host / join (issue 31): a headless host and a networked computer player. */
#pragma once

#include <glib.h>

extern const char sim_net_usage[];

/* argv[0] is "host" / "join"; exit codes as sim_net_usage says. */
int sim_host_main(int argc, char **argv);
int sim_join_main(int argc, char **argv);
int sim_browse_main(int argc, char **argv);
