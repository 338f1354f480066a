// Aligned text columns, measuring display width without ANSI colour codes.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace podfit {

class TextTable {
 public:
  struct Cell {
    std::string text;
    std::string color;  // ANSI SGR code such as "32", or "" for none
  };
  explicit TextTable(std::vector<std::string> header) { rows_.push_back(to_cells(header)); }
  void add(std::vector<Cell> row) { rows_.push_back(std::move(row)); }
  // Pads every column but the last to its widest cell plus three spaces, as kubectl does.
  void print(std::ostream& out, bool color) const;

 private:
  static std::vector<Cell> to_cells(const std::vector<std::string>& texts);
  std::vector<std::vector<Cell>> rows_;
};

}  // namespace podfit
