package dev.quipu.devstack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassDataArchivesTest {

    @TempDir
    Path tmp;

    @Test
    void aServiceWithoutAnArchiveRecordsWhatIsNeededToWriteOne() throws Exception {
        Path jar = Files.writeString(tmp.resolve("rates-service.jar"), "jar");
        ClassDataArchives archives = new ClassDataArchives(tmp.resolve("cds"));
        assertEquals(List.of("-XX:+RecordDynamicDumpInfo"), archives.options("rates-service", jar));
    }

    @Test
    void aServiceWithAnArchiveOfItsJarStartsFromIt() throws Exception {
        Path jar = Files.writeString(tmp.resolve("rates-service.jar"), "jar");
        ClassDataArchives archives = new ClassDataArchives(tmp.resolve("cds"));
        Path archive = archives.archiveFor("rates-service", jar);
        Files.createDirectories(archive.getParent());
        Files.writeString(archive, "archive");
        assertTrue(archives.options("rates-service", jar).contains("-XX:SharedArchiveFile=" + archive));
    }

    @Test
    void aRebuiltJarNeverMeetsTheArchiveOfTheOldOne() throws Exception {
        Path jar = Files.writeString(tmp.resolve("rates-service.jar"), "jar");
        ClassDataArchives archives = new ClassDataArchives(tmp.resolve("cds"));
        Path before = archives.archiveFor("rates-service", jar);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        assertNotEquals(before, archives.archiveFor("rates-service", jar));
        assertTrue(archives.archiveFor("rates-service", jar).getFileName().toString().matches("rates-service-[0-9a-f]{12}\\.jsa"));
    }
}
