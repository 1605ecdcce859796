package dev.quipu.sanctions.lists;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a source stream on a thread of its own, a few chunks ahead of the consumer. Used for the
 * bundled SDN: bzip2 decompression (about 1.5 s for 121 MB) then runs beside the XML parsing instead
 * of before each read, which takes about a third off the service's startup parse. A failure of the
 * source (a corrupt or truncated archive) reaches the consumer as an IOException at that point.
 */
final class ReadAheadInputStream extends InputStream {

    private static final int CHUNK = 256 * 1024;
    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> chunks = new ArrayBlockingQueue<>(16);
    private final Thread reader;
    private volatile Throwable failure;
    private volatile boolean closed;
    private byte[] current = new byte[0];
    private int position;

    ReadAheadInputStream(InputStream source, String threadName) {
        reader = new Thread(() -> pump(source), threadName);
        reader.setDaemon(true);
        reader.start();
    }

    private void pump(InputStream source) {
        try (source) {
            while (!closed) {
                byte[] chunk = source.readNBytes(CHUNK);
                if (chunk.length == 0) {
                    break;
                }
                chunks.put(chunk);
            }
        } catch (InterruptedException e) {
            return; // closed by the consumer
        } catch (Throwable t) {
            failure = t;
        }
        try {
            chunks.put(END);
        } catch (InterruptedException e) {
            // closed by the consumer, nobody waits for the end
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (position == current.length) {
            if (current == END) {
                return -1;
            }
            try {
                current = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading ahead", e);
            }
            position = 0;
            if (current == END) {
                if (failure != null) {
                    throw new IOException(failure.getMessage(), failure);
                }
                return -1;
            }
        }
        int n = Math.min(len, current.length - position);
        System.arraycopy(current, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        chunks.clear();
    }
}
