// libyaml (Debian's libyaml-dev), reached only from Darkroom's YAML/YAMLEventReader.swift:
// every YAML and JSON file a project holds is read as libyaml's events, one at a
// time, so the reader counts values and depth as it parses and stops a file that
// asks for too much before it is built. Its functions return a status and never
// jump out of the caller, so a module map is the whole boundary, as for libdeflate.
#include <yaml.h>
