# `cmake --install build/release --prefix /usr/local`, and the Debian package (scripts/package.sh):
#   bin/paa, bin/paa-emulator
#   share/man/man1/paa.1, paa-<command>.1, paa-emulator.1         (cmake/PaaCliDocs.cmake)
#   share/bash-completion/completions/paa, paa-emulator
#   share/doc/paa-harvester/README.md, docs/*.md (the manual), examples/ (the example job), spec/ (the service spec)
include(GNUInstallDirs)
set(PAA_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/paa-harvester)

install(TARGETS paa paa-emulator RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PAA_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1")
install(FILES ${PAA_COMPLETION_DIR}/paa ${PAA_COMPLETION_DIR}/paa-emulator
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES README.md DESTINATION ${PAA_DOC_DIR})
# The example job and its lists (paths in a job are relative to its folder). jobs/demo.toml is
# left out: it writes into the repository's out/.
install(FILES jobs/example.toml jobs/example-queries.txt jobs/example-keywords.csv jobs/expand.toml
        DESTINATION ${PAA_DOC_DIR}/examples)
install(DIRECTORY docs/spec/ DESTINATION ${PAA_DOC_DIR}/spec)
# The manual's topics (docs/*.md, linked from the README), beside it as in the repository.
install(DIRECTORY docs/ DESTINATION ${PAA_DOC_DIR}/docs FILES_MATCHING PATTERN "*.md" PATTERN "man" EXCLUDE
        PATTERN "spec" EXCLUDE)

# CPack: build/<preset>/package/paa-harvester_<version>_amd64.deb. Its Depends are computed by
# dpkg-shlibdeps from the binaries (Debian's dpkg-dev), never listed by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME paa-harvester)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "People Also Ask bulk harvester, resumable, never paying twice")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/package)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "paa-harvester developers <paa-harvester@localhost>")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion, man-db")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The long description under CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents its lines.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "paa harvests People Also Ask question trees from a paid PAA query service in
bulk, across languages and countries, unattended. It never loses a paid
result, never pays twice for a search, resumes after a crash or a quota
renewal, and exports JSONL, JSON and CSV. paa-emulator is a local
implementation of the service to try jobs against.")
include(CPack)
