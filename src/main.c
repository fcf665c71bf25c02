/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TEMPORARY entry point until the shell lands. */
#include <gtk/gtk.h>
int main(int argc, char **argv) { return 0; }
