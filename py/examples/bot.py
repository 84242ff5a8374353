import random, atom4

def bot(board: atom4.Board) -> atom4.Move:  # wins at once if it can, else plays at random
    for move in board.legal_moves:
        board.push(move); done = board.is_game_over(); board.pop()
        if done: return move
    return random.choice(list(board.legal_moves))

board, engine = atom4.Board(), atom4.Engine()
while not board.is_game_over():
    board.push(bot(board) if board.turn == 1 else engine.search(board, time=0.05).move)
print(board, board.outcome())
