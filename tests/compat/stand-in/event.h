/*
 * Stand-in for the atom4 front ends' own event.h (general/), written for
 * the compatibility tests from its interface: an eventloop that select()s
 * on registered file descriptors and calls their eventhandler.
 */
#ifndef EVENT_H
#define EVENT_H

#include <sys/select.h>
#include <sys/time.h>
#include <unistd.h>

#include <vector>

class eventloop;

class eventhandler {
public:
  eventhandler() {}
  virtual ~eventhandler() {}
  virtual void read_ready(eventloop *src, int fd) = 0;
  virtual void write_ready(eventloop *src, int fd) = 0;
};

class eventloop {
public:
  enum type_t { READER, WRITER, READWRITER };

private:
  struct entry {
    int fd;
    eventhandler *handler;
  };
  std::vector<entry> readers;

public:
  /* Only readers: the engine registers nothing else. */
  void register_handler(type_t, int fd, eventhandler *handler) {
    entry e = {fd, handler};
    readers.push_back(e);
  }
  void unregister_handler(type_t, int fd) {
    for (size_t i = 0; i < readers.size(); i++)
      if (readers[i].fd == fd) {
        readers.erase(readers.begin() + (long)i);
        return;
      }
  }
  int handlers() const { return (int)readers.size(); }

  /* Dispatches until *exitflag is set, or for at most `ms` milliseconds
   * (0: no limit) -- the limit is the tests' own addition. */
  void run(int *exitflag, long ms = 0) {
    struct timeval start, now;
    gettimeofday(&start, 0);
    while (!*exitflag) {
      fd_set set;
      FD_ZERO(&set);
      int max = -1;
      for (size_t i = 0; i < readers.size(); i++) {
        FD_SET(readers[i].fd, &set);
        if (readers[i].fd > max) max = readers[i].fd;
      }
      struct timeval wait = {0, 10000};
      if (select(max + 1, &set, 0, 0, &wait) > 0) {
        std::vector<entry> ready;
        for (size_t i = 0; i < readers.size(); i++)
          if (FD_ISSET(readers[i].fd, &set)) ready.push_back(readers[i]);
        for (size_t i = 0; i < ready.size() && !*exitflag; i++)
          ready[i].handler->read_ready(this, ready[i].fd);
      }
      gettimeofday(&now, 0);
      if (ms && (now.tv_sec - start.tv_sec) * 1000 + (now.tv_usec - start.tv_usec) / 1000 >= ms) return;
    }
  }
};

#endif
