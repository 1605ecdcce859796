package dev.quipu.registry.load;

import java.io.IOException;
import java.io.InputStream;

/**
 * Parses one file of a {@link BulkDataset} as a stream (files reach 1.5 GB: never read whole), in the
 * publisher's own encoding, handing each record to the sink in file order. A record that cannot be read
 * (a malformed tax identifier, a short line) is handed to {@link RowSink#skip(String)} with the reason.
 */
public interface DatasetReader {

    /** @return the data's cut-off as the file states it, or {@link CutOff#unknown()} when it states none */
    CutOff read(InputStream in, RowSink sink) throws IOException;
}
