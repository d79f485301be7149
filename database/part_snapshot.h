#pragma once

#include "part_record.h"
#include "plan/build.h"

namespace torchrig::db {

// What a build file keeps of a catalog part: its name, its columns and the price it is costed at
// (the newest street price, else the launch price, else the hourly one of a cloud instance).
plan::PartSnapshot partSnapshot(const PartRecord& part);

} // namespace torchrig::db
