package dev.quipu.sanctions.lists;

import java.util.ArrayList;
import java.util.List;

/**
 * A small RFC 4180 reader: quoted fields with doubled quotes, commas and line breaks inside quotes,
 * CRLF or LF records. OFAC files end with a Ctrl-Z (0x1A) byte, which is dropped.
 */
final class Csv {

    private Csv() {
    }

    static List<List<String>> parse(String text, char separator) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < n && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
                continue;
            }
            if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == separator) {
                row.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                }
                if (any || field.length() > 0) {
                    row.add(field.toString());
                    rows.add(row);
                }
                row = new ArrayList<>();
                field.setLength(0);
                any = false;
            } else if (c == '\u001a' || c == '\ufeff') {
                // OFAC end-of-file marker and the byte-order mark carry no data
            } else {
                field.append(c);
                any = true;
            }
        }
        if (any || field.length() > 0) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }

    /** OFAC writes null as "-0-" (with a trailing blank). */
    static String ofacValue(List<String> row, int index) {
        if (index >= row.size()) {
            return null;
        }
        String v = row.get(index).trim();
        return v.isEmpty() || v.equals("-0-") ? null : v;
    }
}
