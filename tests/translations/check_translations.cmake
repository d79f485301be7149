# The translations_complete test: each committed .ts file holds every translatable text of the
# sources as they are now (none new, none vanished) and no unfinished entry. Run as
#   cmake -DLUPDATE=… -DLRELEASE=… -DSOURCES_FILE=… -DWORK_DIR=… -DTS_FILES="a.ts;b.ts"
#         -DLUPDATE_OPTIONS="…" (as the update_translations target runs it) -P this file
# with -DPLURAL_ONLY_TS=b.ts for a file that holds only plural forms (English).
# To bring the files up to date: cmake --build --preset dev --target update_translations

file(STRINGS "${SOURCES_FILE}" sources)
file(MAKE_DIRECTORY "${WORK_DIR}")
set(failures "")
foreach(ts IN LISTS TS_FILES)
    get_filename_component(name "${ts}" NAME)
    set(copy "${WORK_DIR}/${name}")
    file(COPY_FILE "${ts}" "${copy}")
    set(options ${LUPDATE_OPTIONS})
    if(ts STREQUAL PLURAL_ONLY_TS)
        list(APPEND options -pluralonly)
    endif()
    execute_process(COMMAND "${LUPDATE}" ${sources} -ts "${copy}" ${options}
                    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    message("${name}: ${out}${err}")
    if(NOT rc EQUAL 0)
        list(APPEND failures "lupdate failed on ${name}")
        continue()
    endif()
    # The texts as lupdate finds them now against the committed ones: a new one is missing from
    # the file, a vanished one is still in it.
    file(READ "${ts}" committed)
    file(READ "${copy}" text)
    # A ";" would split CMake's list.
    string(REPLACE ";" "@SEMICOLON@" committed "${committed}")
    string(REPLACE ";" "@SEMICOLON@" text "${text}")
    string(REGEX MATCHALL "<source>[^<]*</source>" committed_sources "${committed}")
    string(REGEX MATCHALL "<source>[^<]*</source>" current_sources "${text}")
    if(NOT committed_sources STREQUAL current_sources)
        list(LENGTH committed_sources committed_count)
        list(LENGTH current_sources current_count)
        list(APPEND failures "${name} holds ${committed_count} texts, the sources now ${current_count} "
                             "(run the update_translations target and translate what is new)")
    endif()
    string(REGEX MATCHALL "type=\"unfinished\"" unfinished "${text}")
    list(LENGTH unfinished count)
    if(count GREATER 0)
        list(APPEND failures "${name} has ${count} unfinished entries (translate them in Qt Linguist or the .ts)")
    endif()
    execute_process(COMMAND "${LRELEASE}" "${copy}" -qm "${WORK_DIR}/${name}.qm"
                    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    message("${name}: ${out}${err}")
    if(NOT rc EQUAL 0 OR NOT "${out}${err}" MATCHES "and 0 unfinished")
        list(APPEND failures "lrelease reports unfinished or broken entries in ${name}")
    endif()
endforeach()
if(failures)
    list(JOIN failures "\n  " listed)
    message(FATAL_ERROR "translations out of date:\n  ${listed}")
endif()
