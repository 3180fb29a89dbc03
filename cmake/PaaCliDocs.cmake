# Man pages and bash completion, generated at build time from the programs' own CLI11 definitions
# (`paa __describe-cli`, `paa-emulator __describe-cli`) plus the prose in docs/man/*.md, by
# tools/clidoc.py: a flag added to the CLI is on its page and completes without anyone writing it.
# Output: build/<preset>/man/*.1 and build/<preset>/completion/{paa,paa-emulator}.
find_package(Python3 3.9 REQUIRED COMPONENTS Interpreter)

set(PAA_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(PAA_COMPLETION_DIR ${PROJECT_BINARY_DIR}/completion)
set(PAA_CLIDOC ${PROJECT_SOURCE_DIR}/tools/clidoc.py)
file(GLOB PAA_MAN_PROSE CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/*.md)

# The set of pages follows the commands (a new command gets a page), so the stamp lists them.
add_custom_command(
  OUTPUT ${PAA_MAN_DIR}/pages.txt
  COMMAND ${Python3_EXECUTABLE} ${PAA_CLIDOC} man --program $<TARGET_FILE:paa> --program $<TARGET_FILE:paa-emulator>
          --prose ${PROJECT_SOURCE_DIR}/docs/man --out ${PAA_MAN_DIR} --version ${PROJECT_VERSION}
          --stamp ${PAA_MAN_DIR}/pages.txt
  DEPENDS paa paa-emulator ${PAA_CLIDOC} ${PAA_MAN_PROSE}
  COMMENT "Man pages from the CLI and docs/man (tools/clidoc.py)"
  VERBATIM)
add_custom_command(
  OUTPUT ${PAA_COMPLETION_DIR}/paa ${PAA_COMPLETION_DIR}/paa-emulator
  COMMAND ${Python3_EXECUTABLE} ${PAA_CLIDOC} bash --program $<TARGET_FILE:paa> --program $<TARGET_FILE:paa-emulator>
          --out ${PAA_COMPLETION_DIR}
  DEPENDS paa paa-emulator ${PAA_CLIDOC}
  COMMENT "Bash completion from the CLI (tools/clidoc.py)"
  VERBATIM)
add_custom_target(paa_clidocs ALL
  DEPENDS ${PAA_MAN_DIR}/pages.txt ${PAA_COMPLETION_DIR}/paa ${PAA_COMPLETION_DIR}/paa-emulator)
