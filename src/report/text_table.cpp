#include "text_table.h"

#include <algorithm>

namespace podfit {
namespace {

// Display width of UTF-8 text: count code points, not bytes.
size_t display_width(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++n;
  }
  return n;
}

}  // namespace

std::vector<TextTable::Cell> TextTable::to_cells(const std::vector<std::string>& texts) {
  std::vector<Cell> cells;
  for (const std::string& t : texts) cells.push_back(Cell{t, ""});
  return cells;
}

void TextTable::print(std::ostream& out, bool color) const {
  std::vector<size_t> widths;
  for (const auto& row : rows_) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i].text));
  }
  for (const auto& row : rows_) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      const Cell& cell = row[i];
      bool last = i + 1 == row.size();
      if (color && !cell.color.empty()) {
        line += "\033[" + cell.color + "m" + cell.text + "\033[0m";
      } else {
        line += cell.text;
      }
      if (!last) line += std::string(widths[i] - display_width(cell.text) + 3, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

}  // namespace podfit
