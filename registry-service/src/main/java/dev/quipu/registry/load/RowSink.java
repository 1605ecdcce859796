package dev.quipu.registry.load;

import java.io.IOException;
import java.util.Map;

/** Receives a file's records in order, each either accepted or skipped (both advance the load's position). */
public interface RowSink {

    /**
     * @param key    the tax identifier the record is about, in the form the country's lookups ask for
     *               (see the country package's keys)
     * @param fields the record's fields under the publisher's own names, values as published (trimmed; empty
     *               and placeholder values such as SUNAT's {@code -} left out)
     */
    void accept(String key, Map<String, String> fields) throws IOException;

    /** A record that could not be read; the reason is counted and logged once per kind. */
    void skip(String reason) throws IOException;
}
