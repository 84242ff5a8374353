/*
 * Stand-in for the atom4 front ends' own list.h (proglib), written for the
 * compatibility tests from its interface: elist<T>, a singly linked list of
 * copies, walked with elistiter<T> from headp(). Only what the engine
 * headers and the test front end use.
 */
#ifndef LIST_H
#define LIST_H

template <class T> class elist;

template <class T> class elistiter {
  friend class elist<T>;
  struct node {
    T data;
    node *next;
    node(const T &d) : data(d), next(0) {}
  };
  node *at;
  explicit elistiter(node *n) : at(n) {}

public:
  elistiter() : at(0) {}
  T &operator*() { return at->data; }
  elistiter &operator++() {
    if (at) at = at->next;
    return *this;
  }
  elistiter operator++(int) {
    elistiter old(*this);
    ++*this;
    return old;
  }
  operator bool() const { return at != 0; }
};

template <class T> class elist {
  typedef typename elistiter<T>::node node;
  node *head, *tail;
  int count;
  elist(const elist &);
  elist &operator=(const elist &);

public:
  elist() : head(0), tail(0), count(0) {}
  ~elist() { clear(); }
  void clear() {
    while (head) {
      node *next = head->next;
      delete head;
      head = next;
    }
    tail = 0;
    count = 0;
  }
  void append(T data) {
    node *n = new node(data);
    if (tail) tail->next = n; else head = n;
    tail = n;
    count++;
  }
  void prepend(T data) {
    node *n = new node(data);
    n->next = head;
    head = n;
    if (!tail) tail = n;
    count++;
  }
  int num_elem() { return count; }
  elistiter<T> headp() { return elistiter<T>(head); }
  elistiter<T> tailp() { return elistiter<T>(tail); }
};

#endif
